import type { Route } from "./+types/account-passkeys";
import type { RouteHandle } from "~/route-handle";
import { getStaffMember } from "~/http/staff-member.server";
import { passkeyRegistrationResponse } from "~/features/second-factor/server/second-factor-api.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/account/passkeys { name, credential }: adds the passkey the browser just made.
export const action = (args: Route.ActionArgs) => passkeyRegistrationResponse(args, getStaffMember(args.context));
