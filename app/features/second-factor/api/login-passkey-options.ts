import type { Route } from "./+types/login-passkey-options";
import type { RouteHandle } from "~/route-handle";
import { passkeySignInOptionsResponse } from "~/features/second-factor/server/second-factor-api.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/login/passkey/options {}: WebAuthn options with a challenge bound to this browser.
export const action = (args: Route.ActionArgs) => passkeySignInOptionsResponse(args);
