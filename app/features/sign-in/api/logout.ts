import type { Route } from "./+types/logout";
import type { RouteHandle } from "~/route-handle";
import { logOut } from "~/features/sign-in/sign-in.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { jsonResponse } from "~/http/responses.server";

// POST only: every other method gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/logout: ends the session, if any, and clears the cookie. It takes no body, so it
// has the JSON endpoints' method rule but not their body checks (cross-site posts are refused
// in workers/app.ts, like every write).
export async function action({ request, context }: Route.ActionArgs) {
  const setCookie = await logOut(request, getEnv(context), getRequestTime(context));
  return jsonResponse({ success: true }, 200, { "Set-Cookie": setCookie });
}
