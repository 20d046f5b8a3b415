import type { RouterContextProvider } from "react-router";
import type { InboxKind } from "~/records/kinds";
import { parseFormData } from "~/forms/parse-form";
import {
  ALREADY_SENT_MESSAGE,
  bookedOnArrivalMessage,
  RATE_LIMITED_MESSAGE,
  submissionMessages,
  TOO_LARGE_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from "~/features/submissions/submission-messages";
import { formSubmissionIdContext, getCloudflare, getRequestTime } from "../../../http/context.server";
import { invalidFormAnswer, pageRefusal, refused, unreachable } from "~/http/outcome.server";
import { formConstraintsAt } from "./form-constraints.server";
import { readPostedForm } from "../../../http/request-body.server";
import { saveContextFor, saveSubmission, submissionSchemaAt } from "./save-submission.server";
import { isOverSubmissionLimit, submissionLimitRefusal } from "./submission-limit.server";
import { redirectWithToast } from "../../../http/toast.server";
import { shopHoursOf } from "../../settings/settings.server";

// Above what the fields' own limits allow once URL-encoded (5000 emoji are ~60 KB), far below
// anything that could strain the Worker.
const PAGE_FORM_LIMIT_BYTES = 128 * 1024;

/**
 * What a page's loader hands its public form: this render's submission id and the HTML constraints
 * (the date input's bounds follow the shop's schedule; the browser's rules read the schedule from
 * the root loader's shopHours).
 */
export async function submissionFormData(name: InboxKind, context: Readonly<RouterContextProvider>) {
  const now = getRequestTime(context);
  const { schedule } = await shopHoursOf(context, now);
  return {
    submissionId: context.get(formSubmissionIdContext),
    constraint: formConstraintsAt(name, now, schedule),
  };
}

/**
 * The page action behind both public forms, with or without JavaScript: valid input is stored
 * and answered with a redirect back to the form (post/redirect/get) and the success toast;
 * anything else returns the form's own input with a status and a message that says what to do.
 */
export async function handleSubmissionForm<Name extends InboxKind>(
  name: Name,
  request: Request,
  context: Readonly<RouterContextProvider>,
  { redirectTo }: { redirectTo: string },
) {
  const { env } = getCloudflare(context);
  const save = saveContextFor(request, context);
  // Every post counts against the client's limit, before its body is read; the body is still read
  // when over it, to give the visitor back what they typed.
  const overLimit = await isOverSubmissionLimit(save.env, save.clientKey);
  const posted = await readPostedForm(request, {
    limitBytes: PAGE_FORM_LIMIT_BYTES,
    tooLargeMessage: TOO_LARGE_MESSAGE,
  });
  const rateLimited = submissionLimitRefusal();
  if (!posted.ok) return overLimit ? pageRefusal(rateLimited) : posted.refusal;

  const schema = await submissionSchemaAt(name, context, getRequestTime(context));
  const submission = parseFormData(posted.formData, schema);
  if (overLimit) return pageRefusal(rateLimited, submission.reply({ formErrors: [RATE_LIMITED_MESSAGE] }));
  if (submission.status !== "success") {
    // The id is a hidden field: its message goes on top of the form, where the visitor sees it.
    const expired = submission.error?.submissionId ?? undefined;
    return invalidFormAnswer(submission.reply(expired ? { formErrors: expired } : undefined));
  }

  const outcome = await saveSubmission(name, submission.value, save);
  switch (outcome.status) {
    case "stored":
      if (outcome.booked) {
        const booked = bookedOnArrivalMessage(outcome.booked.when);
        return redirectWithToast(env, redirectTo, { ...booked, formId: name });
      }
      return redirectWithToast(env, redirectTo, { ...submissionMessages[name].success, formId: name });
    case "spam":
      return redirectWithToast(env, redirectTo, { ...submissionMessages[name].success, formId: name });
    case "conflict":
      return pageRefusal(
        refused("conflict", ALREADY_SENT_MESSAGE).refusal,
        submission.reply({ formErrors: [ALREADY_SENT_MESSAGE] }),
      );
    case "unavailable":
      return pageRefusal(
        refused("unavailable", UNAVAILABLE_MESSAGE).refusal,
        submission.reply({ formErrors: [UNAVAILABLE_MESSAGE] }),
      );
    default:
      return unreachable(outcome);
  }
}
