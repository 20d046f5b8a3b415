import type { RouterContextProvider } from "react-router";
import type { InboxKind } from "~/records/kinds";
import {
  ALREADY_SENT_MESSAGE,
  INVALID_MESSAGE,
  RATE_LIMITED_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from "~/features/submissions/submission-messages";
import { getRequestTime } from "../../../http/context.server";
import type { AppEnv } from "../../../http/env.server";
import { jsonAnswer, refused, succeeded, unreachable } from "~/http/outcome.server";
import { serviceValuesFor } from "./service-choices.server";
import { handleJsonWrite } from "../../../http/json-endpoint.server";
import { tooManyRequests } from "../../../http/responses.server";
import { getShopSchedule } from "../../settings/settings.server";
import {
  isOverSubmissionLimit,
  RATE_LIMIT_RETRY_SECONDS,
  saveContextFor,
  saveSubmission,
  submissionForms,
} from "./save-submission.server";

const API_BODY_LIMIT_BYTES = 32 * 1024;

/**
 * A public JSON door's `admit` step: every post counts against the client's limit before its body
 * is read, and one over it is answered 429 with Retry-After.
 */
export function admitWithinSubmissionLimit(save: { env: Pick<AppEnv, "SUBMISSION_LIMITER">; clientKey: string }) {
  return async () =>
    (await isOverSubmissionLimit(save.env, save.clientKey))
      ? tooManyRequests(RATE_LIMITED_MESSAGE, RATE_LIMIT_RETRY_SECONDS)
      : undefined;
}

/** POST /api/contact and /api/service-request: JSON in, what was stored (with its id and time) out. */
export async function handleSubmissionApi<Name extends InboxKind>(
  name: Name,
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const save = saveContextFor(request, context);
  const now = getRequestTime(context);
  const endpoint = {
    // The service request's dates follow the owner's schedule (hours, closures, special hours).
    // The services it takes are the request form's choices as of now (the owners' catalog).
    schema: submissionForms[name].schemaAt(
      now,
      await getShopSchedule(context, now),
      await serviceValuesFor(name, context),
    ),
    limitBytes: API_BODY_LIMIT_BYTES,
    invalidMessage: INVALID_MESSAGE,
    admit: admitWithinSubmissionLimit(save),
  };
  return handleJsonWrite(request, endpoint, async (input) => {
    const outcome = await saveSubmission(name, input, save);
    switch (outcome.status) {
      case "stored": {
        // Booked on arrival (the owner's switch): the appointment, as the record's API shows it, and in words.
        const booked = outcome.booked;
        const appointment = booked
          ? { id: booked.id, date: booked.date, kind: booked.kind, time: null, status: "confirmed", when: booked.when }
          : undefined;
        return jsonAnswer(succeeded(appointment ? { ...outcome.receipt, appointment } : outcome.receipt), 201);
      }
      case "spam":
        return jsonAnswer(succeeded(outcome.receipt), 201);
      case "conflict":
        return jsonAnswer(refused("conflict", ALREADY_SENT_MESSAGE));
      case "unavailable":
        return jsonAnswer(refused("unavailable", UNAVAILABLE_MESSAGE, { retryAfterSeconds: 30 }));
      default:
        return unreachable(outcome);
    }
  });
}
