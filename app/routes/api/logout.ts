import type { Route } from "./+types/logout";
import { logOut, NO_STORE } from "~/server/auth.server";
import { getEnv } from "~/server/context.server";

// POST /api/logout: ends the session, if any, and clears the cookie.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json({ message: "Method not allowed" }, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
  }
  const setCookie = await logOut(request, getEnv(context));
  return Response.json({ success: true }, { headers: { ...NO_STORE, "Set-Cookie": setCookie } });
}
