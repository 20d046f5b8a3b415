import type { Route } from "./+types/account-password";
import type { RouteHandle } from "~/route-handle";
import { passwordResponse } from "~/features/account/server/account-api.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/account/password { currentPassword, newPassword }: every other session ends.
export const action = (args: Route.ActionArgs) => passwordResponse(args);
