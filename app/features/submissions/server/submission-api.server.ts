import type { RouterContextProvider } from "react-router";
import type { InboxKind } from "~/records/kinds";
import { ALREADY_SENT_MESSAGE, INVALID_MESSAGE, UNAVAILABLE_MESSAGE } from "~/features/submissions/submission-messages";
import { getRequestTime } from "../../../http/context.server";
import { jsonAnswer, refused, succeeded, unreachable } from "~/http/outcome.server";
import { admitWithinSubmissionLimit } from "./submission-limit.server";
import { handleJsonWrite } from "../../../http/json-endpoint.server";
import { saveContextFor, saveSubmission, submissionSchemaAt } from "./save-submission.server";

const API_BODY_LIMIT_BYTES = 32 * 1024;

/** POST /api/contact and /api/service-request: JSON in, what was stored (with its id and time) out. */
export async function handleSubmissionApi<Name extends InboxKind>(
  name: Name,
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const save = saveContextFor(request, context);
  const endpoint = {
    schema: await submissionSchemaAt(name, context, getRequestTime(context)),
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
