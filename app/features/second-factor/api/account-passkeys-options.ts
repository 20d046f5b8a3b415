import type { Route } from "./+types/account-passkeys-options";
import type { RouteHandle } from "~/route-handle";
import { getStaffMember } from "~/http/staff-member.server";
import { passkeyRegistrationOptionsResponse } from "~/features/second-factor/server/second-factor-api.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/account/passkeys/options {}: WebAuthn options to make a passkey for the signed-in member.
export const action = (args: Route.ActionArgs) =>
  passkeyRegistrationOptionsResponse(args, getStaffMember(args.context));
