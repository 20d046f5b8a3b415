import type { Route } from "./+types/account";
import { ACCOUNT_METHODS, accountResponse, updateAccountResponse } from "~/server/account/account-api.server";
import { onlyMethods } from "~/server/http/responses.server";

// GET, HEAD and PATCH; anything else gets 405 with Allow.
export const middleware: Route.MiddlewareFunction[] = [onlyMethods(ACCOUNT_METHODS)];

// /api/account: the signed-in member's username, display name, email and role; PATCH changes the
// display name and the email.
export const loader = (args: Route.LoaderArgs) => accountResponse(args);

export const action = (args: Route.ActionArgs) => updateAccountResponse(args);
