import type { Route } from "./+types/login";
import { loginSchema } from "~/forms/login-schema";
import { LOGIN_BODY_LIMIT_BYTES, logIn, NO_STORE } from "~/server/auth.server";
import { getEnv } from "~/server/context.server";
import { BodyTooLargeError, readBodyText } from "~/server/request-body.server";

const json = (body: unknown, status: number, headers?: HeadersInit) =>
  Response.json(body, { status, headers: { ...NO_STORE, ...headers } });

// POST /api/login with JSON { username, password }: the same schema and login path as /login.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ message: "Use POST with a JSON body." }, 405, { Allow: "POST" });
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get("Content-Type") ?? "")) {
    return json({ message: "Send JSON with Content-Type: application/json." }, 415);
  }

  let payload: unknown;
  try {
    payload = JSON.parse(await readBodyText(request, LOGIN_BODY_LIMIT_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json({ message: "The request body is too large." }, 413);
    return json({ message: "The request body is not valid JSON." }, 400);
  }
  const parsed = loginSchema.safeParse(payload);
  if (!parsed.success) return json({ message: "Username and password are required." }, 400);

  const result = await logIn(request, getEnv(context), parsed.data);
  switch (result.status) {
    case "success":
      return json({ success: true }, 200, { "Set-Cookie": result.setCookie });
    case "invalid":
      return json({ message: result.message }, 401);
    case "throttled":
      return json({ message: result.message }, 429, { "Retry-After": String(result.retryAfterSeconds) });
  }
}
