import type { Route } from "./+types/account-password";
import { passwordResponse } from "~/server/account/account-api.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export const loader = () => methodNotAllowed();

// POST /api/account/password { currentPassword, newPassword }: every other session ends.
export const action = (args: Route.ActionArgs) => passwordResponse(args);
