import type { Route } from "./+types/robots";
import { getEnv } from "~/server/context.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = getEnv(context).SITE_URL ?? new URL(request.url).origin;
  const body = ["User-agent: *", "Allow: /", "Disallow: /incoming", "Disallow: /login", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
