import type { Route } from "./+types/robots";
import { PRIVATE_PATH_PREFIXES } from "~/private-paths";
import { getEnv } from "~/http/context.server";
import { siteOriginOf } from "~/http/env.server";
import { renderOncePerOrigin } from "~/rendering/render-once.server";

// The staff inbox, its sign-in page and the JSON endpoints are not for search results.
const robotsTxt = renderOncePerOrigin((origin) =>
  [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n"),
);

export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(robotsTxt(siteOriginOf(request, getEnv(context))), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
