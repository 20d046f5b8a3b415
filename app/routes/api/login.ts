import type { Route } from "./+types/login";
import { loginSchema } from "~/auth/credentials";
import { logIn, NO_STORE } from "~/server/auth.server";
import { getEnv } from "~/server/context.server";

// POST /api/login with JSON { username, password }: the same schema and login path as /login.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json({ message: "Method not allowed" }, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
  }
  if (!request.headers.get("Content-Type")?.startsWith("application/json")) {
    return Response.json({ message: "Send JSON with Content-Type: application/json" }, { status: 415, headers: NO_STORE });
  }
  const body: unknown = await request.json().catch(() => null);
  const parsed = loginSchema.safeParse(body);
  if (!parsed.success) {
    return Response.json({ message: "Username and password are required." }, { status: 400, headers: NO_STORE });
  }

  const result = await logIn(request, getEnv(context), parsed.data);
  switch (result.status) {
    case "success":
      return Response.json({ success: true }, { headers: { ...NO_STORE, "Set-Cookie": result.setCookie } });
    case "invalid":
      return Response.json({ message: result.message }, { status: 401, headers: NO_STORE });
    case "throttled":
      return Response.json(
        { message: result.message },
        { status: 429, headers: { ...NO_STORE, "Retry-After": String(result.retryAfterSeconds) } },
      );
  }
}
