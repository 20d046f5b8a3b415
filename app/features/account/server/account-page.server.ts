import type { SubmissionResult } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import { passwordChangeSchema, profileSchema } from "~/features/account/schemas";
import { parseFormData } from "~/forms/parse-form";
import { actingMember, getStaffMember } from "../../../http/staff-member.server";
import { listActiveSessions } from "../../sign-in/sign-in.server";
import { getEnv, getRequestTime } from "../../../http/context.server";
import { formErrorsOf, refusalData, refused } from "~/http/outcome.server";
import { readIntentForm } from "../../../http/request-body.server";
import { NO_STORE } from "../../../http/responses.server";
import { changePassword, endMemberSessions, getAccount, passwordRefusal, updateProfile } from "../account.server";

// /incoming/account: what the page shows, and its four forms (name and email, password, sign out
// one session, sign out everywhere else), each a plain post answered with a redirect back and a
// toast (post/redirect/get), or 400 with the member's input and the field's message.

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const ACCOUNT_PAGE = "/incoming/account";
const ACCOUNT_FORM_LIMIT_BYTES = 4 * 1024;
const FORM_INVALID = refused("invalid", "Check the fields marked.").refusal;
const FORM_UNREADABLE = refused(
  "invalid",
  "This form could not be read. Please reload the page and try again.",
).refusal;

/** A form shown again: which of the page's forms, conform's result, the refusal's status. */
function formRefusal(intent: "profile" | "password", result: SubmissionResult<string[]>, refusal = FORM_INVALID) {
  return refusalData(refusal, { intent, result }, NO_STORE);
}

export async function loadAccountPage({ context }: Args) {
  const env = getEnv(context);
  const member = getStaffMember(context);
  const [account, sessions] = await Promise.all([
    getAccount(env, member.id),
    listActiveSessions(env, member, getRequestTime(context)),
  ]);
  return { account, sessions };
}

export async function handleAccountAction({ request, context }: Args) {
  const env = getEnv(context);
  const member = getStaffMember(context);
  const acting = actingMember(request, context);
  const posted = await readIntentForm(request, env, { limitBytes: ACCOUNT_FORM_LIMIT_BYTES, page: ACCOUNT_PAGE });
  if (!posted.ok) return posted.refusal;
  const { form, intent, back } = posted;

  switch (intent) {
    case "profile": {
      const submission = parseFormData(form, profileSchema);
      if (submission.status !== "success") {
        return formRefusal("profile", submission.reply());
      }
      const { displayName = null, email = null } = submission.value;
      const result = await updateProfile(env, member, { displayName, email }, acting);
      if (!result.ok) {
        return formRefusal("profile", submission.reply({ fieldErrors: formErrorsOf(result.refusal) }), result.refusal);
      }
      return back({ title: "Saved", description: "Your name and email are saved." });
    }
    case "password": {
      const hidden = { hideFields: ["currentPassword", "newPassword"] };
      const submission = parseFormData(form, passwordChangeSchema);
      if (submission.status !== "success") {
        return formRefusal("password", submission.reply(hidden));
      }
      const result = await changePassword(env, request, member, submission.value, acting);
      if (result.status !== "changed") {
        const refusal = passwordRefusal(result);
        return formRefusal("password", submission.reply({ ...hidden, fieldErrors: formErrorsOf(refusal) }), refusal);
      }
      return back({
        title: "Password changed",
        description: "You stay signed in here; every other session was signed out.",
      });
    }
    case "end-session": {
      const id = form.get("sessionId");
      const ended = typeof id === "string" ? await endMemberSessions(env, member, { only: id }, acting) : 0;
      return ended > 0
        ? back({ title: "Signed out", description: "That session was signed out." })
        : back({ title: "Nothing changed", description: "That session had already ended.", variant: "destructive" });
    }
    case "end-other-sessions": {
      const ended = await endMemberSessions(env, member, { allBut: member.sessionId }, acting);
      const description =
        ended === 0
          ? "No other session was active."
          : `${ended} other ${ended === 1 ? "session was" : "sessions were"} signed out.`;
      return back({ title: "Signed out everywhere else", description });
    }
    default:
      throw refusalData(FORM_UNREADABLE, { message: FORM_UNREADABLE.message }, NO_STORE);
  }
}
