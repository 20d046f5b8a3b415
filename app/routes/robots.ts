import type { Route } from "./+types/robots";
import { getEnv } from "~/server/context.server";
import { siteOriginOf } from "~/server/env.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOriginOf(request, getEnv(context));
  const body = [
    "User-agent: *",
    "Allow: /",
    // The staff inbox and its sign-in page are not for search results; neither are JSON endpoints.
    "Disallow: /incoming",
    "Disallow: /login",
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
