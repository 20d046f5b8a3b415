import { eq } from "drizzle-orm";
import type { z } from "~/forms/zod";
import { getDb } from "~/db/db.server";
import { contactSubmissions, serviceRequests, type ContactSubmission, type ServiceRequest } from "~/db/schema";
import { contactSchema } from "~/forms/contact-schema";
import { HONEYPOT_FIELD } from "~/forms/honeypot";
import { serviceRequestSchema } from "~/forms/service-request-schema";
import type { SubmissionFormName } from "~/forms/submission-messages";
import type { AppEnv } from "./env.server";

/** The two public forms, each with its schema and its table. */
export const submissionForms = {
  contact: { schema: contactSchema, table: contactSubmissions },
  serviceRequest: { schema: serviceRequestSchema, table: serviceRequests },
} as const satisfies Record<SubmissionFormName, unknown>;

type Input<Name extends SubmissionFormName> = z.infer<(typeof submissionForms)[Name]["schema"]>;
export type SubmissionRecord = ContactSubmission | ServiceRequest;

export type SaveOutcome =
  | { status: "stored"; record: SubmissionRecord }
  /** The honeypot was filled: answer as if stored, keep nothing. */
  | { status: "ignored"; record: SubmissionRecord }
  | { status: "rate-limited" }
  | { status: "unavailable" };

export async function isRateLimited(env: Pick<AppEnv, "SUBMISSION_LIMITER">, key: string): Promise<boolean> {
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
 * The row's key is the form's submission id, so the same form sent twice is stored once.
 */
export async function saveSubmission<Name extends SubmissionFormName>(
  name: Name,
  input: Input<Name>,
  { env, clientKey }: { env: Pick<AppEnv, "DB" | "SUBMISSION_LIMITER">; clientKey: string },
): Promise<SaveOutcome> {
  const { submissionId, [HONEYPOT_FIELD]: honeypot, ...fields } = input;
  const id = submissionId ?? crypto.randomUUID();

  if (honeypot) {
    console.warn(`Honeypot filled on the ${name} form; nothing stored`, { clientKey });
    return { status: "ignored", record: { id, ...fields, submittedAt: new Date() } as SubmissionRecord };
  }
  if (await isRateLimited(env, clientKey)) return { status: "rate-limited" };

  const table = submissionForms[name].table;
  try {
    const db = getDb(env);
    const [inserted] = await db
      .insert(table)
      .values({ id, ...fields } as typeof table.$inferInsert)
      .onConflictDoNothing({ target: table.id })
      .returning();
    // A conflict means this very form was stored before: answer with that row.
    const [record] = inserted ? [inserted] : await db.select().from(table).where(eq(table.id, id)).limit(1);
    if (!record) throw new Error(`Submission ${id} was neither inserted nor found`);
    return { status: "stored", record };
  } catch (error) {
    console.error(`Could not store a ${name} submission`, { id, clientKey, error });
    return { status: "unavailable" };
  }
}
