import { type RouterContextProvider } from "react-router";
import { passwordChangeSchema, profileSchema } from "~/features/account/schemas";
import { actingMember, getStaffMember } from "../../../http/staff-member.server";
import { listActiveSessions } from "../../sign-in/sign-in.server";
import { getEnv } from "../../../http/context.server";
import { jsonAnswer, jsonRefusal, refused, succeeded } from "~/http/outcome.server";
import { handleJsonWrite } from "../../../http/json-endpoint.server";
import { jsonResponse, methodNotAllowed, NO_STORE } from "../../../http/responses.server";
import { changePassword, endMemberSessions, getAccount, passwordRefusal, updateProfile } from "../account.server";

// The signed-in member's own account as JSON: /api/account (GET, PATCH), /api/account/password
// (POST), /api/account/sessions (GET; DELETE ends all the others) and /api/account/sessions/<id>
// (DELETE). The staff endpoints' gate answers 401 without a session; writes come through the one
// door for JSON (handleJsonWrite) or take no body (DELETE).

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export const ACCOUNT_METHODS = ["GET", "HEAD", "PATCH"] as const;
export const SESSIONS_METHODS = ["GET", "HEAD", "DELETE"] as const;
const ACCOUNT_BODY_LIMIT_BYTES = 2 * 1024;
const PASSWORD_BODY_LIMIT_BYTES = 2 * 1024;

export async function accountResponse({ context }: Args): Promise<Response> {
  return jsonResponse(await getAccount(getEnv(context), getStaffMember(context).id));
}

/** PATCH /api/account `{ displayName?, email? }`: a field left out stays; "" or null removes it. */
export function updateAccountResponse({ request, context }: Args): Promise<Response> {
  return handleJsonWrite(
    request,
    {
      method: "PATCH",
      allowed: ACCOUNT_METHODS,
      schema: profileSchema,
      limitBytes: ACCOUNT_BODY_LIMIT_BYTES,
      invalidMessage: "Send a displayName and/or an email.",
    },
    async (input) => {
      const given = (field: keyof typeof input) => (Object.hasOwn(input, field) ? (input[field] ?? null) : undefined);
      const result = await updateProfile(
        getEnv(context),
        getStaffMember(context),
        { displayName: given("displayName"), email: given("email") },
        actingMember(request, context),
      );
      return jsonAnswer(result);
    },
  );
}

/** POST /api/account/password `{ currentPassword, newPassword }`: the other sessions end. */
export function passwordResponse({ request, context }: Args): Promise<Response> {
  return handleJsonWrite(
    request,
    {
      schema: passwordChangeSchema,
      limitBytes: PASSWORD_BODY_LIMIT_BYTES,
      invalidMessage: "Send the currentPassword and a newPassword.",
    },
    async (input) => {
      const env = getEnv(context);
      const result = await changePassword(env, request, getStaffMember(context), input, actingMember(request, context));
      return result.status === "changed"
        ? jsonAnswer(succeeded({ success: true }))
        : jsonRefusal(passwordRefusal(result));
    },
  );
}

/** GET /api/account/sessions: the member's active sessions, newest first, `current` marking this one. */
export async function sessionsResponse({ request, context }: Args): Promise<Response> {
  const member = getStaffMember(context);
  const sessions = await listActiveSessions(getEnv(context), member, actingMember(request, context).at);
  return jsonResponse(sessions);
}

/** DELETE /api/account/sessions: signs out everywhere else. */
export async function endOtherSessionsResponse({ request, context }: Args): Promise<Response> {
  if (request.method !== "DELETE") return methodNotAllowed(SESSIONS_METHODS);
  const member = getStaffMember(context);
  const acting = actingMember(request, context);
  const ended = await endMemberSessions(getEnv(context), member, { allBut: member.sessionId }, acting);
  return jsonResponse({ ended });
}

/** DELETE /api/account/sessions/<id>: 204, or 404 for an id that is not one of the member's active sessions. */
export async function endSessionResponse({ request, context }: Args, id: string): Promise<Response> {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const member = getStaffMember(context);
  const ended = await endMemberSessions(getEnv(context), member, { only: id }, actingMember(request, context));
  if (ended === 0) return jsonAnswer(refused("not-found", "There is no active session of yours with this id."));
  return new Response(null, { status: 204, headers: NO_STORE });
}
