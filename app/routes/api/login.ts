import type { Route } from "./+types/login";
import { loginSchema } from "~/forms/login-schema";
import { LOGIN_BODY_LIMIT_BYTES, LOGIN_TOO_LARGE_MESSAGE, logIn } from "~/server/auth/auth.server";
import { getEnv, getRequestTime } from "~/server/http/context.server";
import { unreachable } from "~/server/http/exhaustive.server";
import { handleJsonWrite } from "~/server/http/json-endpoint.server";
import { jsonResponse, methodNotAllowed, tooManyRequests, withCookies } from "~/server/http/responses.server";

const endpoint = {
  schema: loginSchema,
  limitBytes: LOGIN_BODY_LIMIT_BYTES,
  tooLargeMessage: LOGIN_TOO_LARGE_MESSAGE,
  invalidMessage: "Send a username and a password.",
};

export const loader = () => methodNotAllowed();

// POST /api/login with JSON { username, password }: the same schema and login path as /login.
export function action({ request, context }: Route.ActionArgs) {
  return handleJsonWrite(request, endpoint, async (credentials) => {
    const result = await logIn(request, getEnv(context), credentials, getRequestTime(context));
    switch (result.status) {
      case "success":
        return jsonResponse({ success: true }, 200, withCookies({}, result.setCookies));
      case "invalid":
        return jsonResponse({ message: result.message }, 401);
      case "throttled":
        return tooManyRequests(result.message, result.retryAfterSeconds);
      default:
        return unreachable(result);
    }
  });
}
