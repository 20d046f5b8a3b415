import type { Route } from "./+types/account-check";
import type { RouteHandle } from "~/route-handle";
import { getStaffMember } from "~/http/staff-member.server";
import { checkAgainResponse } from "~/features/second-factor/server/second-factor-api.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/account/check { code } or { password }: what a 403 with `step` asks for; good for 2 hours.
export const action = (args: Route.ActionArgs) => checkAgainResponse(args, getStaffMember(args.context));
