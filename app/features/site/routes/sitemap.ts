import type { Route } from "./+types/sitemap";
import { areaPath, areas } from "~/content/areas";
import { servicePath } from "~/content/services";
import { getEnv } from "~/http/context.server";
import { siteOriginOf } from "~/http/env.server";
import { visibleServices } from "~/features/catalog/catalog.server";

// Every canonical public page: the visible services' as the owners' catalog has them. Short area
// aliases and the private paths are left out on purpose.
const staticPaths = ["/", "/services", "/about", "/contact"];

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function sitemapXml(origin: string, servicePaths: readonly string[]): string {
  const paths = [...staticPaths, ...servicePaths, ...areas.map(areaPath)];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const servicePaths = (await visibleServices(context)).map(servicePath);
  return new Response(sitemapXml(siteOriginOf(request, getEnv(context)), servicePaths), {
    // A service the owner adds or hides is in or out within the minute every page follows (decision 034).
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}
