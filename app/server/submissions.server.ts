import { eq } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { z } from "~/forms/zod";
import { type Database, getDb } from "~/db/db.server";
import { contactSubmissions, serviceRequests } from "~/db/schema";
import { contactSchema } from "~/forms/contact-schema";
import { HONEYPOT_FIELD } from "~/forms/honeypot";
import { serviceRequestSchema } from "~/forms/service-request-schema";
import type { SubmissionFormName } from "~/forms/submission-messages";
import type { SpamReason } from "~/inbox/statuses";
import type { AppEnv } from "./env.server";
import { spamReasonFor } from "./spam.server";

type SubmissionSchemas = { contact: typeof contactSchema; serviceRequest: typeof serviceRequestSchema };

/** A public form's input as its schema returns it. */
type SubmissionInput<Name extends SubmissionFormName> = z.output<SubmissionSchemas[Name]>;

/** What the visitor sent, without the form's own bookkeeping (its submission id, the honeypot). */
type SubmissionFields<Name extends SubmissionFormName> = Omit<
  SubmissionInput<Name>,
  "submissionId" | typeof HONEYPOT_FIELD
>;

/** The answer to a stored submission (spam included): what was sent, its id and its time. */
type SubmissionReceipt<Name extends SubmissionFormName> = SubmissionFields<Name> & {
  id: string;
  submittedAt: Date;
};

type SubmissionForm<Name extends SubmissionFormName> = {
  schema: z.ZodType<SubmissionInput<Name>>;
  /** Stores the row unless its id is taken; either way, the row stored under that id. */
  insertOnce: (
    db: Database,
    row: SubmissionFields<Name> & { id: string; status: "new" | "spam"; spamReason: SpamReason | null },
  ) => Promise<{ submittedAt: Date } | undefined>;
};

function insertOnceInto<Table extends SQLiteTable & { id: SQLiteColumn }>(table: Table) {
  return async (
    db: Database,
    row: Table["$inferInsert"] & { id: string },
  ): Promise<Table["$inferSelect"] | undefined> => {
    const [inserted] = await db.insert(table).values(row).onConflictDoNothing({ target: table.id }).returning();
    // A conflict means this very form was stored before: answer with that row.
    return inserted ?? (await db.select().from(table).where(eq(table.id, row.id)).limit(1))[0];
  };
}

const submissionTables = { contact: contactSubmissions, serviceRequest: serviceRequests };

/** The two public forms, each with its schema and the table its submissions go to. */
export const submissionForms: { [Name in SubmissionFormName]: SubmissionForm<Name> } = {
  contact: { schema: contactSchema, insertOnce: insertOnceInto(submissionTables.contact) },
  serviceRequest: { schema: serviceRequestSchema, insertOnce: insertOnceInto(submissionTables.serviceRequest) },
};

// Typed per form: a required column without a form field fails the typecheck above, and a form
// field without a column (which the insert would drop without a word) fails it here, by name.
type FieldsWithoutColumn = {
  [Name in SubmissionFormName]: Exclude<
    keyof SubmissionFields<Name>,
    keyof (typeof submissionTables)[Name]["$inferInsert"]
  >;
}[SubmissionFormName];
type NoneOf<Names extends never> = Names;
type _EveryFieldHasAColumn = NoneOf<FieldsWithoutColumn>;

type SaveOutcome<Name extends SubmissionFormName> =
  | { status: "stored"; receipt: SubmissionReceipt<Name> }
  /** Kept aside with status spam (app/server/spam.server.ts): answered like a stored one, never notified. */
  | { status: "spam"; receipt: SubmissionReceipt<Name>; reason: SpamReason }
  | { status: "rate-limited" }
  | { status: "unavailable" };

async function isRateLimited(env: Pick<AppEnv, "SUBMISSION_LIMITER">, key: string): Promise<boolean> {
  try {
    const { success } = await env.SUBMISSION_LIMITER.limit({ key: `submission:${key}` });
    return !success;
  } catch (error) {
    // A limiter outage must not cost the shop a customer's message.
    console.error("Rate limiter unavailable; letting the submission through", error);
    return false;
  }
}

/**
 * Stores one validated submission: the single path behind both the page forms and the JSON API.
 * The row's key is the form's submission id, so the same form sent twice is stored once. The
 * per-client rate limit comes first; spam is then stored like the rest, with status spam.
 */
export async function saveSubmission<Name extends SubmissionFormName>(
  name: Name,
  input: SubmissionInput<Name>,
  { env, clientKey }: { env: Pick<AppEnv, "DB" | "SUBMISSION_LIMITER">; clientKey: string },
): Promise<SaveOutcome<Name>> {
  const { submissionId, [HONEYPOT_FIELD]: honeypot, ...fields } = input;
  const id = submissionId ?? crypto.randomUUID();
  if (await isRateLimited(env, clientKey)) return { status: "rate-limited" };

  const spamReason = spamReasonFor({ honeypot, message: fields.message });
  try {
    const stored = await submissionForms[name].insertOnce(getDb(env), {
      ...fields,
      id,
      status: spamReason ? "spam" : "new",
      spamReason,
    });
    if (!stored) throw new Error(`Submission ${id} was neither inserted nor found`);
    const receipt = { ...fields, id, submittedAt: stored.submittedAt };
    if (!spamReason) return { status: "stored", receipt };
    console.warn(`A ${name} submission was kept aside as spam (${spamReason})`, { id, clientKey });
    return { status: "spam", receipt, reason: spamReason };
  } catch (error) {
    console.error(`Could not store a ${name} submission`, { id, clientKey, error });
    return { status: "unavailable" };
  }
}
