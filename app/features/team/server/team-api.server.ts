import { z } from "~/forms/zod";
import { inviteSchema, MEMBER_METHODS, memberChangeSchema } from "~/features/team/schemas";
import type { AppEnv } from "../../../http/env.server";
import { handleJsonWrite } from "../../../http/json-endpoint.server";
import { jsonAnswer, type Outcome, refused, succeeded, unreachable } from "~/http/outcome.server";
import { jsonResponse, methodNotAllowed, NO_STORE } from "../../../http/responses.server";
import { createInvitation, EMAIL_TAKEN_MESSAGE, listPendingInvitations, revokeInvitation } from "./invitations.server";
import { resetLinkForMember } from "./password-resets.server";
import {
  changeMember,
  listTeam,
  type MemberOutcome,
  removeMember,
  type RemoveOutcome,
  type TeamMemberView,
} from "../team.server";
import type { Acting } from "../../../http/staff-member.server";

// The team's JSON API (owners only: the owners' gate stands in front of every /api/team route).
// The same functions as the team page's forms; writes through the one JSON door.

const BODY_LIMIT_BYTES = 4 * 1024;

const noContent = () => new Response(null, { status: 204, headers: NO_STORE });
const unknownMember = refused("not-found", "There is no account with this username.");

/** GET /api/team: every account and the pending invitations. */
export async function teamResponse(env: AppEnv, now: Date): Promise<Response> {
  const [members, invitations] = await Promise.all([listTeam(env), listPendingInvitations(env, now)]);
  return jsonResponse({ members, invitations });
}

/** POST /api/team/invitations `{ role, email? }` → 201 `{ id, url, expiresAt }`. */
export function invitationCreateResponse(request: Request, env: AppEnv, actor: Acting): Promise<Response> {
  const endpoint = {
    schema: inviteSchema,
    limitBytes: BODY_LIMIT_BYTES,
    invalidMessage: "Send a role and, if you like, an email address.",
  };
  return handleJsonWrite(request, endpoint, async (input) => {
    const outcome = await createInvitation(env, request, actor, input);
    if (outcome.status === "emailTaken") {
      const fieldErrors = { email: [EMAIL_TAKEN_MESSAGE] };
      return jsonAnswer(refused("invalid", endpoint.invalidMessage, { fieldErrors }));
    }
    const { id, url, expiresAt } = outcome.link;
    return jsonAnswer(succeeded({ id, url, expiresAt }), 201);
  });
}

/** DELETE /api/team/invitations/<id>: revoked (204), or 404 when there is no pending invitation by that id. */
export async function invitationRevokeResponse(env: AppEnv, actor: Acting, id: string): Promise<Response> {
  if (await revokeInvitation(env, actor, id)) return noContent();
  return jsonAnswer(refused("not-found", "There is no pending invitation with this id."));
}

/** A change to an account in the one outcome shape: the account as it now is, or why not. */
function memberOutcome(outcome: MemberOutcome | RemoveOutcome): Outcome<TeamMemberView | null> {
  switch (outcome.status) {
    case "changed":
      return succeeded(outcome.member);
    case "removed":
      return succeeded(null);
    case "unknown":
      return unknownMember;
    case "lastOwner":
      return refused("conflict", outcome.message);
    default:
      return unreachable(outcome);
  }
}

/** PATCH /api/team/<username> `{ role?, disabled? }`; DELETE /api/team/<username> removes the account. */
export async function memberActionResponse(
  request: Request,
  env: AppEnv,
  actor: Acting,
  username: string,
): Promise<Response> {
  switch (request.method) {
    case "PATCH":
      return handleJsonWrite(
        request,
        {
          method: "PATCH",
          allowed: MEMBER_METHODS,
          schema: memberChangeSchema,
          limitBytes: BODY_LIMIT_BYTES,
          invalidMessage: "Send a role (owner or staff), disabled (true or false), or both.",
        },
        async (change) => jsonAnswer(memberOutcome(await changeMember(env, actor, username, change))),
      );
    case "DELETE": {
      const outcome = memberOutcome(await removeMember(env, actor, username));
      return outcome.ok ? noContent() : jsonAnswer(outcome);
    }
    default:
      return methodNotAllowed(MEMBER_METHODS);
  }
}

/** POST /api/team/<username>/password-reset `{}` → 201 `{ url, expiresAt }`. */
export function passwordResetResponse(
  request: Request,
  env: AppEnv,
  actor: Acting,
  username: string,
): Promise<Response> {
  const endpoint = { schema: z.object({}), limitBytes: BODY_LIMIT_BYTES, invalidMessage: "Send an empty JSON object." };
  return handleJsonWrite(request, endpoint, async () => {
    const outcome = await resetLinkForMember(env, request, actor, username);
    if (outcome.status === "unknown") return jsonAnswer(unknownMember);
    return jsonAnswer(succeeded({ url: outcome.url, expiresAt: outcome.expiresAt }), 201);
  });
}
