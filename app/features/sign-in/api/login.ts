import type { Route } from "./+types/login";
import type { RouteHandle } from "~/route-handle";
import { loginSchema } from "~/features/sign-in/login-schema";
import {
  LOGIN_BODY_LIMIT_BYTES,
  LOGIN_TOO_LARGE_MESSAGE,
  logIn,
  signInJsonAnswer,
} from "~/features/sign-in/sign-in.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { handleJsonWrite } from "~/http/json-endpoint.server";

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
    return signInJsonAnswer(await logIn(request, getEnv(context), credentials, getRequestTime(context)));
  });
}
