import type { Route } from "./+types/account";
import type { RouteHandle } from "~/route-handle";
import { accountResponse, updateAccountResponse } from "~/features/account/server/account-api.server";

// GET, HEAD and PATCH; anything else gets 405 with Allow.
export const handle: RouteHandle = { methods: ["GET", "HEAD", "PATCH"] };

// /api/account: the signed-in member's username, display name, email and role; PATCH changes the
// display name and the email.
export const loader = (args: Route.LoaderArgs) => accountResponse(args);

export const action = (args: Route.ActionArgs) => updateAccountResponse(args);
