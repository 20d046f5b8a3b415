import { and, eq, isNull, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "~/db/db.server";
import type { OutgoingMail } from "./mime.server";
import { CLAIM_MS, unclaimedAt } from "./send-claim.server";

// One email row of a feature's ledger (the appointments', the estimates') from the queue's job to
// its record: claimed (so two consumers never send it twice), built from D1 as it is now, sent,
// recorded. The table's delivery columns are app/db/schema/columns.ts's emailDelivery().

export type SendMail = (mail: OutgoingMail) => Promise<{ errors: string[] }>;

/** What a feature makes of a claimed row: the email, or why it is not sent (recorded as its last error). */
export type BuiltMail = { mail: OutgoingMail } | { skip: string };

export type EmailLedger = SQLiteTable & {
  id: SQLiteColumn;
  sentAt: SQLiteColumn;
  attempts: SQLiteColumn;
  lastError: SQLiteColumn;
  claimedUntil: SQLiteColumn;
};

/** What a claim sets unless told: held for CLAIM_MS, one attempt more, its due time kept. */
export const heldColumns = (table: EmailLedger, now: Date) => ({
  claimedUntil: new Date(now.getTime() + CLAIM_MS),
  attempts: sql`${table.attempts} + 1`,
});

/**
 * Sends the row `messageId` of `table` unless it is sent or claimed, the claim setting `claim`
 * (a ledger whose sweep reads the due time moves it: send-claim.server.ts's claimColumns; the
 * appointments' keep it, since their emails' age limit counts from it); returns the errors the
 * send reported (the queue retries).
 */
export async function deliverClaimedEmail<T extends EmailLedger>(
  db: Database,
  table: T,
  messageId: number,
  now: Date,
  send: SendMail,
  claim: Record<string, unknown>,
  build: (claimed: T["$inferSelect"]) => Promise<BuiltMail>,
): Promise<{ errors: string[] }> {
  const set = (columns: Record<string, unknown>) => db.update(table).set(columns);
  const [claimed] = (await set(claim)
    .where(and(eq(table.id, messageId), isNull(table.sentAt), unclaimedAt(table.claimedUntil, now)))
    .returning()) as T["$inferSelect"][];
  if (!claimed) return { errors: [] };
  const settle = (lastError: string | null) =>
    set({ sentAt: now, lastError, claimedUntil: null }).where(eq(table.id, messageId));
  const built = await build(claimed);
  if ("skip" in built) {
    await settle(built.skip);
    return { errors: [] };
  }
  const result = await send(built.mail);
  if (result.errors.length === 0) await settle(null);
  else await set({ lastError: result.errors.join("; "), claimedUntil: null }).where(eq(table.id, messageId));
  return result;
}
