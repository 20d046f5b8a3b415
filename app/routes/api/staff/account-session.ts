import type { Route } from "./+types/account-session";
import { endSessionResponse } from "~/server/account/account-api.server";
import { onlyMethods } from "~/server/http/responses.server";

// DELETE only; anything else gets 405 with Allow.
export const middleware: Route.MiddlewareFunction[] = [onlyMethods(["DELETE"])];

// DELETE /api/account/sessions/<id>: signs that session out (it stops at its next request).
export const action = (args: Route.ActionArgs) => endSessionResponse(args, args.params.id);
