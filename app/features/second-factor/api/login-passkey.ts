import type { Route } from "./+types/login-passkey";
import type { RouteHandle } from "~/route-handle";
import { passkeySignInResponse } from "~/features/second-factor/server/second-factor-api.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/login/passkey { credential }: a passkey signs in whole (both factors).
export const action = (args: Route.ActionArgs) => passkeySignInResponse(args);
