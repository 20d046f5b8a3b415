import { redirect } from "react-router";
import type { StaffMember } from "../../../http/staff-member.server";
import { parseFormData } from "~/forms/parse-form";
import { codeSchema, passwordCheckSchema, safeNextPath } from "~/features/second-factor/schemas";
import { signInFormRefusal, usesAuthenticator } from "../../sign-in/sign-in.server";
import type { AppEnv } from "../../../http/env.server";
import { invalidFormAnswer } from "../../../http/outcome.server";
import { readPostedForm } from "../../../http/request-body.server";
import { NO_STORE } from "../../../http/responses.server";
import { redirectWithToast } from "../../../http/toast.server";
import { checkMemberAgain } from "./step-up.server";

// /incoming/check?next=…: the page that asks again (a code, or the password without a second
// factor) before what matters, then goes on to `next`. It works as a plain form.

const BODY_LIMIT_BYTES = 2 * 1024;

export async function loadCheckPage(request: Request, env: AppEnv, member: StaffMember) {
  const next = safeNextPath(new URL(request.url).searchParams.get("next")) ?? "/incoming";
  const method: "code" | "password" = (await usesAuthenticator(env, member.id)) ? "code" : "password";
  return { next, method };
}

export async function handleCheckAction(request: Request, env: AppEnv, member: StaffMember, now: Date) {
  const posted = await readPostedForm(request, { limitBytes: BODY_LIMIT_BYTES, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  const next = safeNextPath(form.get("next")) ?? "/incoming";
  const withAuthenticator = await usesAuthenticator(env, member.id);
  const hidden = { hideFields: withAuthenticator ? ["code"] : ["password"] };
  const submission = withAuthenticator ? parseFormData(form, codeSchema) : parseFormData(form, passwordCheckSchema);
  if (submission.status !== "success") return invalidFormAnswer(submission.reply(hidden), NO_STORE);
  const outcome = await checkMemberAgain(request, env, member, submission.value, now);
  if (outcome.status !== "passed") {
    return signInFormRefusal(outcome, (message) => submission.reply({ ...hidden, formErrors: [message] }));
  }
  // A CSV download is a file, not a page: no toast waits for it.
  if (next.startsWith("/api/")) return redirect(next, { headers: NO_STORE });
  return redirectWithToast(
    env,
    next,
    { title: "Thank you", description: "You will not be asked again for 2 hours. Please go on." },
    { headers: NO_STORE },
  );
}
