import type { Route } from "./+types/login";
import type { RouteHandle } from "~/route-handle";
import { loginSchema } from "~/features/sign-in/login-schema";
import { LOGIN_BODY_LIMIT_BYTES, LOGIN_TOO_LARGE_MESSAGE, logIn } from "~/features/sign-in/sign-in.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { unreachable } from "~/http/exhaustive.server";
import { handleJsonWrite } from "~/http/json-endpoint.server";
import { jsonResponse, tooManyRequests, withCookies } from "~/http/responses.server";

const endpoint = {
  schema: loginSchema,
  limitBytes: LOGIN_BODY_LIMIT_BYTES,
  tooLargeMessage: LOGIN_TOO_LARGE_MESSAGE,
  invalidMessage: "Send a username and a password.",
};

// POST only: every other method gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/login with JSON { username, password }: the same schema and login path as /login.
export function action({ request, context }: Route.ActionArgs) {
  return handleJsonWrite(request, endpoint, async (credentials) => {
    const result = await logIn(request, getEnv(context), credentials, getRequestTime(context));
    switch (result.status) {
      case "success":
        return jsonResponse({ success: true }, 200, withCookies({}, result.setCookies));
      case "second-factor":
        // Finished by POST /api/login/second-factor { code } within 5 minutes.
        return jsonResponse({ secondFactor: "required" }, 200, withCookies({}, [result.setCookie]));
      case "invalid":
        return jsonResponse({ message: result.message }, 401);
      case "throttled":
        return tooManyRequests(result.message, result.retryAfterSeconds);
      default:
        return unreachable(result);
    }
  });
}
