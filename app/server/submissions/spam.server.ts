import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { inboxTables, submissionStatusChanges } from "~/db/schema";
import { INBOX_KINDS } from "~/inbox/kinds";
import type { SpamReason } from "~/inbox/statuses";
import type { AppEnv } from "../http/env.server";

// Spam is kept aside, not dropped: a password manager that fills the hidden field, or a customer
// who pastes three links, must not lose their message without a trace. Staff see it under the
// Spam filter ("Not spam" brings it back); the scheduled purge deletes it after 30 days.

const URL_PATTERN = /\b(?:https?:\/\/|www\.)\S+/gi;
/** A message with at least this many links… */
const SPAM_MIN_LINKS = 3;
/** …and fewer words than this besides them is mostly links. */
const SPAM_MAX_OTHER_WORDS = 10;

/** Whether a message is mostly links: three or more, and fewer than ten words besides. */
export function isMostlyLinks(message: string): boolean {
  const links = message.match(URL_PATTERN)?.length ?? 0;
  if (links < SPAM_MIN_LINKS) return false;
  const otherWords = message
    .replace(URL_PATTERN, " ")
    .split(/\s+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word));
  return otherWords.length < SPAM_MAX_OTHER_WORDS;
}

/** Why a submission is spam, or null when it is not. */
export function spamReasonFor({ honeypotFilled, message }: { honeypotFilled: boolean; message: string }) {
  if (honeypotFilled) return "honeypot" satisfies SpamReason;
  if (isMostlyLinks(message)) return "links" satisfies SpamReason;
  return null;
}

export const SPAM_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;
// D1 binds at most 100 parameters per statement and the IN list takes one per id: 90 at a time,
// and a larger purge runs several rounds.
const PURGE_BATCH = 90;

/**
 * Deletes spam older than 30 days, with its history: received more than 30 days before `now`, and
 * not marked spam (or otherwise changed) by staff in those 30 days either, so a record marked spam
 * by mistake today is not gone tonight. Returns how many records of each kind were deleted.
 */
export async function purgeOldSpam(env: AppEnv, now: Date) {
  const db = getDb(env);
  const cutoff = new Date(now.getTime() - SPAM_RETENTION_DAYS * DAY_MS);
  const deleted = { contact: 0, serviceRequest: 0 };
  for (const kind of INBOX_KINDS) {
    const table = inboxTables[kind];
    const changes = submissionStatusChanges;
    for (;;) {
      const due = await db
        .select({ id: table.id })
        .from(table)
        .where(
          and(
            eq(table.status, "spam"),
            lt(table.submittedAt, cutoff),
            sql`not exists (select 1 from ${changes} where ${changes.submissionKind} = ${kind}
              and ${changes.submissionId} = ${table.id} and ${changes.changedAt} >= ${cutoff.getTime()})`,
          ),
        )
        .limit(PURGE_BATCH);
      if (due.length === 0) break;
      const ids = due.map((row) => row.id);
      await db.batch([
        db.delete(changes).where(and(eq(changes.submissionKind, kind), inArray(changes.submissionId, ids))),
        db.delete(table).where(and(inArray(table.id, ids), eq(table.status, "spam"))),
      ]);
      deleted[kind] += ids.length;
      if (due.length < PURGE_BATCH) break;
    }
  }
  return deleted;
}
