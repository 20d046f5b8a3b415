import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import {
  RATE_LIMITED_MESSAGE,
  submissionMessages,
  type SubmissionFormName,
  TOO_LARGE_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from "~/forms/submission-messages";
import { formSubmissionIdContext } from "./context.server";
import type { AppEnv } from "./env.server";
import { unreachable } from "./exhaustive.server";
import { formConstraints } from "./form-constraints.server";
import { clientKey, readPostedForm } from "./request-body.server";
import { saveSubmission, submissionForms } from "./submissions.server";
import { redirectWithToast } from "./toast.server";

// Above what the fields' own limits allow once URL-encoded (5000 emoji are ~60 KB), far below
// anything that could strain the Worker.
const PAGE_FORM_LIMIT_BYTES = 128 * 1024;

/** What a page's loader hands its public form: this render's submission id and the HTML constraints. */
export function submissionFormData(name: SubmissionFormName, context: Readonly<RouterContextProvider>) {
  return { submissionId: context.get(formSubmissionIdContext), constraint: formConstraints[name] };
}

/**
 * The page action behind both public forms, with or without JavaScript: valid input is stored
 * and answered with a redirect back to the form (post/redirect/get) and the success toast;
 * anything else returns the form's own input with a status and a message that says what to do.
 */
export async function handleSubmissionForm<Name extends SubmissionFormName>(
  name: Name,
  request: Request,
  env: AppEnv,
  { redirectTo }: { redirectTo: string },
) {
  const posted = await readPostedForm(request, {
    limitBytes: PAGE_FORM_LIMIT_BYTES,
    tooLargeMessage: TOO_LARGE_MESSAGE,
  });
  if (!posted.ok) return posted.refusal;

  const submission = parseWithZod(posted.formData, { schema: submissionForms[name].schema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }

  const outcome = await saveSubmission(name, submission.value, { env, clientKey: clientKey(request) });
  switch (outcome.status) {
    case "stored":
    case "spam":
      return redirectWithToast(env, redirectTo, { ...submissionMessages[name].success, formId: name });
    case "rate-limited":
      return data({ result: submission.reply({ formErrors: [RATE_LIMITED_MESSAGE] }) }, { status: 429 });
    case "unavailable":
      return data({ result: submission.reply({ formErrors: [UNAVAILABLE_MESSAGE] }) }, { status: 503 });
    default:
      return unreachable(outcome);
  }
}
