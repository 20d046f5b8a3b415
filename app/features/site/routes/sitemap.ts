import type { Route } from "./+types/sitemap";
import { areaPath, areas } from "~/content/areas";
import { servicePath, services } from "~/content/services";
import { getEnv } from "~/http/context.server";
import { siteOriginOf } from "~/http/env.server";
import { renderOncePerOrigin } from "~/rendering/render-once.server";

// Every canonical public page. Short area aliases and the private paths are left out on purpose.
const staticPaths = ["/", "/services", "/about", "/contact"];

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const sitemapXml = renderOncePerOrigin((origin) => {
  const paths = [...staticPaths, ...services.map(servicePath), ...areas.map(areaPath)];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
});

export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(sitemapXml(siteOriginOf(request, getEnv(context))), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
