import { z } from "~/forms/zod";
import { inviteSchema, MEMBER_METHODS, memberChangeSchema } from "~/features/team/schemas";
import type { AppEnv } from "../../../http/env.server";
import { handleJsonWrite } from "../../../http/json-endpoint.server";
import { jsonResponse, methodNotAllowed, NO_STORE } from "../../../http/responses.server";
import { createInvitation, EMAIL_TAKEN_MESSAGE, listPendingInvitations, revokeInvitation } from "./invitations.server";
import { resetLinkForMember } from "./password-resets.server";
import { changeMember, listTeam, type MemberOutcome, removeMember } from "../team.server";
import type { Acting } from "../../../http/staff-member.server";

// The team's JSON API (owners only: the owners' gate stands in front of every /api/team route).
// The same functions as the team page's forms; writes through the one JSON door.

const BODY_LIMIT_BYTES = 4 * 1024;

const noContent = () => new Response(null, { status: 204, headers: NO_STORE });
const unknownMember = () => jsonResponse({ message: "There is no account with this username." }, 404);
const lastOwner = (message: string) => jsonResponse({ message }, 409);

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
      return jsonResponse({ message: endpoint.invalidMessage, fieldErrors: { email: [EMAIL_TAKEN_MESSAGE] } }, 400);
    }
    const { id, url, expiresAt } = outcome.link;
    return jsonResponse({ id, url, expiresAt }, 201);
  });
}

/** DELETE /api/team/invitations/<id>: revoked (204), or 404 when there is no pending invitation by that id. */
export async function invitationRevokeResponse(env: AppEnv, actor: Acting, id: string): Promise<Response> {
  if (await revokeInvitation(env, actor, id)) return noContent();
  return jsonResponse({ message: "There is no pending invitation with this id." }, 404);
}

function memberResponse(outcome: MemberOutcome): Response {
  switch (outcome.status) {
    case "changed":
      return jsonResponse(outcome.member);
    case "unknown":
      return unknownMember();
    case "lastOwner":
      return lastOwner(outcome.message);
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
        async (change) => memberResponse(await changeMember(env, actor, username, change)),
      );
    case "DELETE": {
      const outcome = await removeMember(env, actor, username);
      if (outcome.status === "removed") return noContent();
      return outcome.status === "lastOwner" ? lastOwner(outcome.message) : unknownMember();
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
    if (outcome.status === "unknown") return unknownMember();
    return jsonResponse({ url: outcome.url, expiresAt: outcome.expiresAt }, 201);
  });
}
