import { and, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { inboxTables, submissionStatusChanges } from "~/db/schema/inbox";
import { notificationDigests } from "~/db/schema/notifications";
import { INBOX_KINDS } from "~/records/kinds";
import { SPAM_RETENTION_DAYS, type SpamReason } from "~/records/statuses";
import { isHoneypotFilled } from "~/forms/fields";
import type { AppEnv } from "../../../http/env.server";
import { forgetLedgerEntries } from "../../notifications/notifications.server";
import { assessMessage, SPAM_SCORE } from "./spam-rule.server";

// Spam is kept aside, not dropped: a password manager that fills the hidden field, or a customer
// who pastes three links, must not lose their message without a trace. Staff see it under the
// Spam filter ("Not spam" brings it back); the weekday digest counts it, and the scheduled purge
// deletes it 30 days on, once a digest has counted it (decision records 022 and 031).

/** What arrives: spam kept aside with its reason, or a new record, flagged if it might be spam. */
export type SpamVerdict = { status: "spam"; reason: SpamReason } | { status: "new"; possibleSpam: boolean };

// What a browser's autofill or a password manager puts into a field it should not: a name, an
// address, an email, a phone number, a username or password, a space. One line, short, no link,
// nothing a spammer says.
const AUTOFILL_MAX_LENGTH = 200;

function looksLikeAutofill(honeypot: unknown): boolean {
  if (typeof honeypot !== "string") return false;
  const value = honeypot.trim();
  if (value.length > AUTOFILL_MAX_LENGTH || /[\r\n]/.test(value)) return false;
  const assessment = assessMessage(value);
  return assessment.links === 0 && assessment.score < PLAUSIBLE_BELOW;
}

// A message scoring under half the spam mark reads like a customer's.
const PLAUSIBLE_BELOW = SPAM_SCORE / 2;

/**
 * The message's content decides first (spam-rule.server.ts). A filled honeypot on its own is spam
 * only when what fills it is not what autofill puts there, or the message is not plausible: an
 * autofilled honeypot on a customer's message keeps it in the inbox, flagged "possible spam".
 */
export function judgeSubmission({ honeypot, message }: { honeypot: unknown; message: string }): SpamVerdict {
  const assessment = assessMessage(message);
  if (assessment.score >= SPAM_SCORE) return { status: "spam", reason: "links" };
  if (!isHoneypotFilled(honeypot)) return { status: "new", possibleSpam: false };
  if (looksLikeAutofill(honeypot) && assessment.score < PLAUSIBLE_BELOW) return { status: "new", possibleSpam: true };
  return { status: "spam", reason: "honeypot" };
}

const DAY_MS = 86_400_000;
// D1 binds at most 100 parameters per statement and the IN list takes one per id: 90 at a time,
// and a larger purge runs several rounds.
const PURGE_BATCH = 90;

/**
 * Deletes spam older than 30 days, with its history: received more than 30 days before `now`, not
 * marked spam (or otherwise changed) by staff in those 30 days either, so a record marked spam by
 * mistake today is not gone tonight, and seen: counted in a morning digest that was sent, or marked
 * spam by staff themselves. Returns how many records of each kind were deleted.
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
            // Nothing unseen: counted in a morning digest that went out, or marked spam by staff.
            or(
              eq(table.spamReason, "staff"),
              inArray(
                table.spamReportedIn,
                db
                  .select({ date: notificationDigests.shopDate })
                  .from(notificationDigests)
                  .where(isNotNull(notificationDigests.sentAt)),
              ),
            ),
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
        forgetLedgerEntries(db, kind, ids),
      ]);
      deleted[kind] += ids.length;
      if (due.length < PURGE_BATCH) break;
    }
  }
  return deleted;
}
