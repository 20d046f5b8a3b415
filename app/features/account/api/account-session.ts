import type { Route } from "./+types/account-session";
import type { RouteHandle } from "~/route-handle";
import { endSessionResponse } from "~/features/account/server/account-api.server";

// DELETE only; anything else gets 405 with Allow.
export const handle: RouteHandle = { methods: ["DELETE"] };

// DELETE /api/account/sessions/<id>: signs that session out (it stops at its next request).
export const action = (args: Route.ActionArgs) => endSessionResponse(args, args.params.id);
