import type { ShopSchedule } from "~/hours/shop-schedule";
import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { z } from "~/forms/zod";
import { type Database, getDb } from "~/db/db.server";
import { inboxTables } from "~/db/schema/inbox";
import { contactSchema } from "~/features/submissions/contact-schema";
import { submissionIdField } from "~/forms/fields";
import { HONEYPOT_FIELD } from "~/features/submissions/honeypot";
import { type ServiceRequestSchema, serviceRequestSchemaAt } from "~/features/submissions/service-request-schema";
import type { InboxKind } from "~/records/kinds";
import type { SpamReason } from "~/records/statuses";
import { clientKey } from "../../../http/client-address.server";
import { CACHED_PAGE_SUBMISSION_ID, getCloudflare, getRequestTime } from "../../../http/context.server";
import type { AppEnv } from "../../../http/env.server";
import { ledgerEntryFor } from "../../notifications/notifications.server";
import { enqueueJobs, type QueuedJob } from "../../../queue/jobs.server";
import { type BookedOnArrival, bookedOnArrival, bookOnArrival } from "../../appointments/appointments.server";
import { getShopSchedule, readMailSettings } from "../../settings/settings.server";
import { judgeSubmission } from "./spam.server";
import { isOverSubmissionLimit } from "./submission-limit.server";
import { serviceValuesFor } from "./service-choices.server";

type SubmissionSchemas = { contact: typeof contactSchema; serviceRequest: ServiceRequestSchema };

/** A public form's input as its schema returns it. */
type SubmissionInput<Name extends InboxKind> = z.output<SubmissionSchemas[Name]>;

/** What the visitor sent, without the form's own bookkeeping (its submission id, the honeypot). */
type SubmissionFields<Name extends InboxKind> = Omit<SubmissionInput<Name>, "submissionId" | typeof HONEYPOT_FIELD>;

/** The answer to a stored submission (spam included): what was sent, its id and its time. */
type SubmissionReceipt<Name extends InboxKind> = SubmissionFields<Name> & {
  id: string;
  submittedAt: Date;
};

/** What the server adds to the visitor's fields: the row's key, its status, whether it might be spam. */
type StoredExtras = {
  id: string;
  status: "new" | "spam";
  spamReason: SpamReason | null;
  possibleSpam: boolean;
};

/** The row under a submission id: just stored, or found there from an earlier post. */
type StoredRow<Name extends InboxKind> = {
  inserted: boolean;
  row: SubmissionFields<Name> & { submittedAt: Date };
};

type SubmissionForm<Name extends InboxKind> = {
  /** The form's rules as of an instant (the service request's dates and model years depend on the day). */
  /** The schema as of the request's time and the shop's schedule (the preferred date's rules). */
  /** `serviceValues`: the request form's choices as of the request (the catalog's visible services). */
  schemaAt: (now: Date, schedule: ShopSchedule, serviceValues: readonly string[]) => z.ZodType<SubmissionInput<Name>>;
  /**
   * Stores the row, with its email's ledger entry due `now`, unless its id is taken; either way,
   * the row stored under that id.
   */
  insertOnce: (
    db: Database,
    row: SubmissionFields<Name> & StoredExtras,
    now: Date,
  ) => Promise<StoredRow<Name> | undefined>;
};

function insertOnceInto<Table extends SQLiteTable & { id: SQLiteColumn }>(kind: InboxKind, table: Table) {
  return async (
    db: Database,
    row: Table["$inferInsert"] & StoredExtras,
    now: Date,
  ): Promise<{ inserted: boolean; row: Table["$inferSelect"] } | undefined> => {
    const [[inserted]] = await db.batch([
      db.insert(table).values(row).onConflictDoNothing({ target: table.id }).returning(),
      ledgerEntryFor(db, kind, row.id, now),
    ]);
    if (inserted) return { inserted: true, row: inserted };
    const [existing] = await db.select().from(table).where(eq(table.id, row.id)).limit(1);
    return existing ? { inserted: false, row: existing } : undefined;
  };
}

// The page cache renders forms with a fixed placeholder id that it swaps for a fresh one in every
// response. Should one ever slip through, every visitor would share it: refuse it outright, on
// top of the field's own rule (a random UUID, which the placeholder is shaped like).
const serverSubmissionId = submissionIdField.refine((id) => id !== CACHED_PAGE_SUBMISSION_ID, {
  error: "This form has expired. Please reload the page.",
});

const contactServerSchema = contactSchema.extend({ submissionId: serverSubmissionId });

/** The two public forms, each with its schema (as the server applies it) and the table its submissions go to. */
export const submissionForms: { [Name in InboxKind]: SubmissionForm<Name> } = {
  contact: {
    schemaAt: () => contactServerSchema,
    insertOnce: insertOnceInto("contact", inboxTables.contact),
  },
  serviceRequest: {
    schemaAt: (now, schedule, serviceValues) =>
      serviceRequestSchemaAt(now, schedule, serviceValues).extend({ submissionId: serverSubmissionId }),
    insertOnce: insertOnceInto("serviceRequest", inboxTables.serviceRequest),
  },
};

/**
 * A form's schema as the server applies it to a post, on the page and the API alike: the service
 * request's dates follow the owner's schedule, and its services are the catalog's choices as of now.
 */
export async function submissionSchemaAt<Name extends InboxKind>(
  name: Name,
  context: Readonly<RouterContextProvider>,
  now: Date,
) {
  return submissionForms[name].schemaAt(
    now,
    await getShopSchedule(context, now),
    await serviceValuesFor(name, context),
  );
}

/** Whether a stored row holds exactly these fields (an absent optional field matches a NULL column). */
function holdsSameFields(sent: object, stored: object): boolean {
  return Object.entries(sent).every(([key, value]) => (value ?? null) === (Reflect.get(stored, key) ?? null));
}

// Typed per form: a required column without a form field fails the typecheck above, and a form
// field without a column (which the insert would drop without a word) fails it here, by name.
type FieldsWithoutColumn = {
  [Name in InboxKind]: Exclude<keyof SubmissionFields<Name>, keyof (typeof inboxTables)[Name]["$inferInsert"]>;
}[InboxKind];
type NoneOf<Names extends never> = Names;
type _EveryFieldHasAColumn = NoneOf<FieldsWithoutColumn>;

type SaveOutcome<Name extends InboxKind> =
  /** `booked`: the appointment a service request got on arrival (the owner's switch), if any. */
  | { status: "stored"; receipt: SubmissionReceipt<Name>; booked: BookedOnArrival | null }
  /**
   * Kept aside with status spam (app/features/submissions/server/spam.server.ts): answered like a
   * stored one, never notified.
   */
  | { status: "spam"; receipt: SubmissionReceipt<Name>; reason: SpamReason }
  /** The id was used before for different content: nothing stored, nothing of the first returned. */
  | { status: "conflict" }
  | { status: "unavailable" };

// The whole environment: booking on arrival writes an appointment (its link's secret included).
type SaveEnv = AppEnv;

type SaveContext = {
  env: SaveEnv;
  clientKey: string;
  /** Work that continues after the response (ExecutionContext.waitUntil). */
  waitUntil: (promise: Promise<unknown>) => void;
  /** The request's time (getRequestTime). */
  now: Date;
};

/**
 * After a new submission is stored, and after the visitor has their answer: the shop's email and,
 * when enabled, the visitor's confirmation, which counts against the client's submission limit.
 * Should the queue refuse, the sweep finds the row unsent and enqueues it (notifications.server.ts).
 */
async function queueEmails(
  env: SaveEnv,
  name: InboxKind,
  id: string,
  clientKey: string,
  booked: BookedOnArrival | null,
) {
  const jobs: QueuedJob[] = [{ type: "notify", form: name, id }];
  // A request booked on arrival gets the appointment's confirmation (with its calendar file) instead.
  if (booked) {
    if (booked.messageId !== null) jobs.push({ type: "appointment", messageId: booked.messageId });
  } else if (await confirmVisitorOn(env, id)) {
    if (await isOverSubmissionLimit(env, clientKey))
      console.warn("No confirmation: over the client's limit", { id, clientKey });
    else jobs.push({ type: "confirm", form: name, id });
  }
  try {
    await enqueueJobs(env, jobs);
  } catch (error) {
    console.error("Could not enqueue the emails for a submission; the sweep will", { id, error });
  }
}

/** The owner's switch on Settings (decision 051), read after the visitor has their answer. */
function confirmVisitorOn(env: SaveEnv, id: string): Promise<boolean> {
  return readMailSettings(env).then(
    (settings) => settings.confirmVisitor,
    (error: unknown) => {
      console.error("Mail settings unreadable: the confirmation is left out", { id, error });
      return false;
    },
  );
}

/** What saving needs from the request it answers, the same for the page forms and the JSON API. */
export function saveContextFor(request: Request, context: Readonly<RouterContextProvider>): SaveContext {
  const { env, ctx } = getCloudflare(context);
  return {
    env,
    clientKey: clientKey(request),
    waitUntil: (promise) => ctx.waitUntil(promise),
    now: getRequestTime(context),
  };
}

/**
 * Stores one validated submission: the single path behind both the page forms and the JSON API.
 * The row's key is the form's submission id, so the same form sent twice is stored once and
 * answered the same way twice. The answer holds what this visitor sent, never a stored row's
 * fields: a known id with other content is a conflict, not a way to read the first submission.
 * The per-client rate limit was checked by the caller, before it read the body; spam is stored like
 * the rest, with status spam.
 * Only a new row that is not spam is queued for email, so a form sent twice is emailed once.
 */
export async function saveSubmission<Name extends InboxKind>(
  name: Name,
  input: SubmissionInput<Name>,
  { env, clientKey, waitUntil, now }: SaveContext,
): Promise<SaveOutcome<Name>> {
  const { submissionId, [HONEYPOT_FIELD]: honeypot, ...fields } = input;
  const id = submissionId ?? crypto.randomUUID();

  const verdict = judgeSubmission({ honeypot, message: fields.message });
  const spamReason = verdict.status === "spam" ? verdict.reason : null;
  try {
    const stored = await submissionForms[name].insertOnce(
      getDb(env),
      {
        ...fields,
        id,
        status: verdict.status,
        spamReason,
        possibleSpam: verdict.status === "new" && verdict.possibleSpam,
      },
      now,
    );
    if (!stored) throw new Error(`Submission ${id} was neither inserted nor found`);
    if (!stored.inserted && !holdsSameFields(fields, stored.row)) {
      console.warn(`A ${name} submission reused the id of a different one; nothing stored`, { id, clientKey });
      return { status: "conflict" };
    }
    const receipt = { ...fields, id, submittedAt: stored.row.submittedAt };
    if (!spamReason) {
      const booked = await bookedOnArrivalIf(name, env, stored, { now, client: clientKey });
      if (stored.inserted) waitUntil(queueEmails(env, name, id, clientKey, booked));
      return { status: "stored", receipt, booked };
    }
    console.warn(`A ${name} submission was kept aside as spam (${spamReason})`, { id, clientKey });
    return { status: "spam", receipt, reason: spamReason };
  } catch (error) {
    console.error(`Could not store a ${name} submission`, { id, clientKey, error });
    return { status: "unavailable" };
  }
}

/**
 * A new service request (not flagged as possible spam) is booked on arrival when the owner wants
 * it and its preferred day has room; the same request sent again is answered with what it got.
 */
async function bookedOnArrivalIf(
  name: InboxKind,
  env: SaveEnv,
  stored: { inserted: boolean; row: object },
  at: { now: Date; client: string },
): Promise<BookedOnArrival | null> {
  if (name !== "serviceRequest") return null;
  type Row = { id: string; preferredDate: string | null; visitType: string | null; possibleSpam: boolean };
  const row = stored.row as Row;
  if (row.possibleSpam) return null;
  try {
    return await (stored.inserted ? bookOnArrival(env, row, at) : bookedOnArrival(env, row.id, at.now));
  } catch (error) {
    // The request is stored: a booking that fails leaves it to staff, as with the switch off.
    console.error("Could not book a new request on arrival; staff will", { id: row.id, error });
    return null;
  }
}
