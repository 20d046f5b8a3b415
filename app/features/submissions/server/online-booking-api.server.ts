import { type SQL, sql } from "drizzle-orm";
import { insertIf } from "~/db/conditional-write.server";
import type { RouterContextProvider } from "react-router";
import { type Database, getDb } from "~/db/db.server";
import { inboxTables } from "~/db/schema/inbox";
import { notificationLedger } from "~/db/schema/notifications";
import { emailField, honeypotField, nameField, optionalText, phoneField } from "~/forms/fields";
import { z } from "~/forms/zod";
import { jsonRefusal, succeeded } from "~/http/outcome.server";
import { jsonResponse } from "~/http/responses.server";
import { handleJsonWrite } from "~/http/json-endpoint.server";
import { enqueueJobs, type QueuedJob } from "~/queue/jobs.server";
import {
  bookOnline,
  checkOnlinePlace,
  type OnlineRefusal,
  refuseBookingField,
} from "../../appointments/appointments.server";
import { getCatalog } from "../../catalog/catalog.server";
import { HONEYPOT_FIELD } from "../honeypot";
import { INVALID_MESSAGE, UNAVAILABLE_MESSAGE } from "../submission-messages";
import { saveContextFor, submissionForms } from "./save-submission.server";
import { admitWithinSubmissionLimit } from "./submission-limit.server";
import { judgeSubmission } from "./spam.server";

// POST /api/bookings (docs/decisions/064): a visitor books a place themselves. The public forms'
// protections (the per-client rate limit before the body is read, the JSON door, the honeypot and
// the spam rule; cross-site writes are refused for every route in workers/app.ts), then the
// request is stored by the service request's own insert (with the shop's email in its ledger) and
// booked in the same batch as its appointment, each written only while the place has room: a visitor
// who loses the last place to a quicker one writes nothing, so the shop never sees a booking that
// did not happen.

const API_BODY_LIMIT_BYTES = 8 * 1024;
export const BOOKING_NOTE_MAX = 500;

export const onlineBookingSchema = z.object({
  firstName: nameField("first name"),
  lastName: nameField("last name"),
  email: emailField,
  phone: phoneField,
  service: z
    .string({ error: "Please choose the service you need." })
    .trim()
    .min(1, "Please choose the service you need."),
  vehicle: optionalText({ max: 100, tooLong: "The vehicle can be at most 100 characters.", subject: "The vehicle" }),
  date: z.string({ error: "Please choose a day." }),
  kind: z.enum(["drop-off", "waiter"], { error: 'Please choose "drop-off" or "waiter".' }),
  time: z.string({ error: "Give the waiter time as HH:MM." }).nullish(),
  note: z
    .string({ error: "The note must be text." })
    .trim()
    .max(BOOKING_NOTE_MAX, `Keep the note to ${BOOKING_NOTE_MAX} characters.`)
    .nullish(),
  [HONEYPOT_FIELD]: honeypotField,
});

export type OnlineBookingInput = z.output<typeof onlineBookingSchema>;

type Context = Readonly<RouterContextProvider>;

/**
 * The visitor's request and its email's ledger entry (what the service request form's insert
 * writes), as inserts for the booking's batch: the request only where `placeFree` holds, the ledger
 * entry only if the request was written.
 */
function requestIf(
  db: Database,
  row: typeof inboxTables.serviceRequest.$inferInsert & { id: string },
  now: Date,
  placeFree: SQL,
) {
  const table = inboxTables.serviceRequest;
  const stored = sql`exists (select 1 from ${table} where ${table.id} = ${row.id})`;
  return [
    insertIf(db, table, row, placeFree),
    insertIf(db, notificationLedger, { submissionKind: "serviceRequest", submissionId: row.id, dueAt: now }, stored),
  ] as const;
}

/** What a visitor's booking came to: booked (confirmed or requested), or refused. */
export type BookingOutcome =
  | {
      ok: true;
      value: {
        id: string;
        date: string;
        kind: string;
        time: string | null;
        state: "confirmed" | "requested";
        when: string | null;
      };
    }
  | OnlineRefusal;

/** The store did not answer: nothing was booked, try again in a little while. */
const UNAVAILABLE: OnlineRefusal = {
  ok: false,
  refusal: { reason: "unavailable", message: UNAVAILABLE_MESSAGE, retryAfterSeconds: 30 },
};

/** The booking itself, for the JSON endpoint and the /book page alike. */
export async function bookOnlineFor(
  request: Request,
  context: Context,
  input: OnlineBookingInput,
): Promise<BookingOutcome> {
  const save = saveContextFor(request, context);
  const { env, now } = save;
  const service = (await getCatalog(context)).find((each) => each.slug === input.service && each.visible);
  if (!service?.bookableOnline) {
    const message = "Choose one of the services that can be booked online.";
    return refuseBookingField("service", message);
  }
  if (input.kind === "waiter" && !service.waiterOk) {
    const message = `${service.name} is not done while you wait: choose a drop-off.`;
    return refuseBookingField("kind", message);
  }
  const checked = await checkOnlinePlace(env, now, input);
  if (!checked.ok) return checked;
  const message = [input.vehicle ? `Vehicle: ${input.vehicle}` : null, input.note].filter(Boolean).join("\n\n");
  const verdict = judgeSubmission({ honeypot: input[HONEYPOT_FIELD], message });
  const id = crypto.randomUUID();
  const { place, online } = checked;
  const fields = {
    id,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    service: service.requestValue,
    message,
    preferredDate: place.date,
    visitType: place.kind === "waiter" ? ("wait" as const) : ("drop-off" as const),
    bookedOnline: true,
    status: verdict.status,
    spamReason: verdict.status === "spam" ? verdict.reason : null,
    possibleSpam: verdict.status === "new" && verdict.possibleSpam,
  };
  const answer = (state: "confirmed" | "requested") =>
    succeeded({ id, date: place.date, kind: place.kind, time: place.time, state, when: null as string | null });
  try {
    const db = getDb(env);
    const jobs: QueuedJob[] = [{ type: "notify", form: "serviceRequest", id }];
    if (verdict.status === "new" && online.mode === "confirm" && !fields.possibleSpam) {
      const first = (placeFree: SQL) => requestIf(db, fields, now, placeFree);
      const booked = await bookOnline(env, checked, { id, first }, { now, client: save.clientKey });
      if (!booked.ok) return booked;
      if (booked.booked.messageId !== null) jobs.push({ type: "appointment", messageId: booked.booked.messageId });
      save.waitUntil(
        enqueueJobs(env, jobs).catch((error: unknown) => console.error("Booking emails not queued", { id, error })),
      );
      const { value } = answer("confirmed");
      return succeeded({ ...value, id: booked.booked.id, when: booked.booked.when });
    }
    await submissionForms.serviceRequest.insertOnce(db, fields, now);
    // Kept aside as spam: answered as booked (a bot learns nothing), never booked nor emailed.
    if (verdict.status === "spam") return answer(online.mode === "confirm" ? "confirmed" : "requested");
    save.waitUntil(
      enqueueJobs(env, jobs).catch((error: unknown) => console.error("Booking emails not queued", { id, error })),
    );
    return answer("requested");
  } catch (error) {
    console.error("Could not store an online booking", { id, error });
    return UNAVAILABLE;
  }
}

/** POST /api/bookings → 201 `{ id, date, kind, time, status }`, 400, 409 `{ message, nextDays }`, 429, 503. */
export function handleOnlineBookingApi(request: Request, context: Context): Promise<Response> {
  const save = saveContextFor(request, context);
  const endpoint = {
    schema: onlineBookingSchema,
    limitBytes: API_BODY_LIMIT_BYTES,
    invalidMessage: INVALID_MESSAGE,
    admit: admitWithinSubmissionLimit(save),
  };
  return handleJsonWrite(request, endpoint, async (input) => {
    const outcome = await bookOnlineFor(request, context, input);
    if (!outcome.ok) return jsonRefusal(outcome.refusal);
    const { id, date, kind, time, state } = outcome.value;
    return jsonResponse({ id, date, kind, time, status: state }, 201);
  });
}
