import type { Route } from "./+types/passkey";
import type { RouteHandle } from "~/route-handle";
import { passkeySignInResponse } from "~/server/second-factor/second-factor-api.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/login/passkey { credential }: a passkey signs in whole (both factors).
export const action = (args: Route.ActionArgs) => passkeySignInResponse(args);
