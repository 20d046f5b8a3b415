import { data } from "react-router";
import { parseFormData } from "~/forms/parse-form";
import { inviteSchema } from "~/features/team/schemas";
import { isStaffRole } from "~/http/staff-roles";
import type { Acting, StaffMember } from "../../../http/staff-member.server";
import type { AppEnv } from "../../../http/env.server";
import { readPostedForm } from "../../../http/request-body.server";
import { formErrorsOf, invalidFormAnswer, pageRefusal, refused as refusal } from "~/http/outcome.server";
import { NO_STORE } from "../../../http/responses.server";
import { headersWithToast, type ToastInput } from "../../../http/toast.server";
import { createInvitation, EMAIL_TAKEN_MESSAGE, listPendingInvitations, revokeInvitation } from "./invitations.server";
import { resetLinkForMember } from "./password-resets.server";
import { shownLinkSetCookie, takeShownLink } from "./shown-link.server";
import { changeMember, listTeam, type MemberOutcome, removeMember } from "../team.server";

// /incoming/team: what the page shows, and its forms. Each form is a plain post that answers with
// a redirect back to the page and a toast (post/redirect/get, the same with JavaScript, where
// React Router follows it and reloads the page's data). Only the invitation form answers a refusal
// with the page itself (400), so that what the owner chose stays in the form.

const TEAM_PATH = "/incoming/team";
const ACTION_BODY_LIMIT_BYTES = 8 * 1024;

export async function loadTeamPage(request: Request, env: AppEnv, you: StaffMember, now: Date) {
  const [members, invitations, shown] = await Promise.all([
    listTeam(env),
    listPendingInvitations(env, now),
    takeShownLink(request, env),
  ]);
  const headers = new Headers(NO_STORE);
  if (shown.clearCookie) headers.append("Set-Cookie", shown.clearCookie);
  return data({ members, invitations, shownLink: shown.value, you: you.username }, { headers });
}

async function backToTeam(env: AppEnv, toast: ToastInput, cookies: string[] = []) {
  const headers = await headersWithToast(env, toast, NO_STORE);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.set("Location", TEAM_PATH);
  return new Response(null, { status: 302, headers });
}

const refused = (env: AppEnv, description: string) =>
  backToTeam(env, { title: "Nothing changed", description, variant: "destructive" });

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

function memberAnswer(env: AppEnv, outcome: MemberOutcome, done: string) {
  switch (outcome.status) {
    case "changed":
      return backToTeam(env, { title: "Saved", description: done });
    case "unknown":
      return refused(env, "That account no longer exists.");
    case "lastOwner":
      return refused(env, outcome.message);
  }
}

export async function handleTeamAction(request: Request, env: AppEnv, actor: Acting) {
  const posted = await readPostedForm(request, { limitBytes: ACTION_BODY_LIMIT_BYTES, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  const username = text(form, "username");

  switch (text(form, "intent")) {
    case "invite": {
      const submission = parseFormData(form, inviteSchema);
      if (submission.status !== "success") return invalidFormAnswer(submission.reply(), NO_STORE);
      const outcome = await createInvitation(env, request, actor, submission.value);
      if (outcome.status === "emailTaken") {
        const taken = refusal("invalid", EMAIL_TAKEN_MESSAGE, { fieldErrors: { email: [EMAIL_TAKEN_MESSAGE] } });
        return pageRefusal(taken.refusal, submission.reply({ fieldErrors: formErrorsOf(taken.refusal) }), NO_STORE);
      }
      const { url, expiresAt, emailed } = outcome.link;
      return backToTeam(env, { title: "Invitation made", description: "Copy the link below: it is shown once." }, [
        await shownLinkSetCookie(env, { kind: "invitation", url, expiresAt, emailed }),
      ]);
    }
    case "revoke":
      return (await revokeInvitation(env, actor, text(form, "id")))
        ? backToTeam(env, { title: "Invitation revoked", description: "Its link no longer works." })
        : refused(env, "That invitation was already used, revoked or expired.");
    case "role": {
      const role = form.get("role");
      if (!isStaffRole(role)) return refused(env, "Choose Owner or Staff.");
      return memberAnswer(env, await changeMember(env, actor, username, { role }), `${username}'s role is saved.`);
    }
    case "disable":
    case "enable": {
      const disabled = text(form, "intent") === "disable";
      const outcome = await changeMember(env, actor, username, { disabled });
      return memberAnswer(env, outcome, `${username} is ${disabled ? "disabled" : "enabled"}.`);
    }
    case "remove": {
      if (form.get("confirm") !== "yes") return refused(env, `Tick the box to confirm that ${username} is removed.`);
      const outcome = await removeMember(env, actor, username);
      if (outcome.status === "removed") {
        return backToTeam(env, { title: "Removed", description: `${username} can no longer sign in.` });
      }
      return refused(env, outcome.status === "lastOwner" ? outcome.message : "That account no longer exists.");
    }
    case "reset": {
      const outcome = await resetLinkForMember(env, request, actor, username);
      if (outcome.status === "unknown") return refused(env, "That account no longer exists.");
      const { url, expiresAt, emailed } = outcome;
      return backToTeam(env, { title: "Reset link made", description: "Copy the link below: it is shown once." }, [
        await shownLinkSetCookie(env, { kind: "reset", url, expiresAt, emailed, username }),
      ]);
    }
    default:
      return refused(env, "This form could not be read. Please reload the page and try again.");
  }
}
