import type { Route } from "./+types/account-check";
import type { RouteHandle } from "~/route-handle";
import { getStaffMember } from "~/server/http/staff-member.server";
import { checkAgainResponse } from "~/server/second-factor/second-factor-api.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/account/check { code } or { password }: what a 403 with `step` asks for; good for 2 hours.
export const action = (args: Route.ActionArgs) => checkAgainResponse(args, getStaffMember(args.context));
