import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertForEach, insertIf } from "~/db/conditional-write.server";
import { getDb } from "~/db/db.server";
import { auditLog } from "~/db/schema/audit";
import { recordMessages } from "~/db/schema/replies";

// The one helper for conditional inserts (docs/decisions/070-typed-conditional-writes.md): the
// typed row is written, as drizzle's own insert writes it, only where the condition holds at its
// place in the batch; a row missing a required column fails the typecheck (`npm run typecheck`
// checks the `@ts-expect-error` below) and, forced through, the database.

const db = getDb(env);
const at = new Date(Date.UTC(2026, 10, 2, 15, 30));

/** A message row with every required column, its id as given. */
const message = (id: string) =>
  ({
    id,
    submissionKind: "contact",
    submissionId: "conditional-write-record",
    direction: "in",
    at,
    fromAddress: "customer@example.com",
    subject: "About my brakes",
    body: "Are you open Saturday?",
  }) as const;

const stored = (id: string) => db.select().from(recordMessages).where(eq(recordMessages.id, id));

describe("insertIf", () => {
  it("writes the typed row, defaults included, when its condition holds, and nothing when it does not, in one batch", async () => {
    const [written, skipped, rows] = await db.batch([
      insertIf(db, recordMessages, message("when-true"), sql`1 = 1`).returning({ id: recordMessages.id }),
      insertIf(db, recordMessages, message("when-false"), sql`0 = 1`).returning({ id: recordMessages.id }),
      stored("when-true"),
    ]);
    expect(written).toEqual([{ id: "when-true" }]);
    expect(skipped).toEqual([]);
    expect(await stored("when-false")).toEqual([]);
    // Read back as drizzle reads any row: the Date, the booleans and the JSON default as stored by `values()`.
    expect(rows).toEqual([
      {
        ...message("when-true"),
        by: null,
        toAddress: null,
        messageId: null,
        automatic: false,
        bounce: false,
        attachments: [],
        dueAt: null,
        claimedUntil: null,
        sentAt: null,
        attempts: 0,
        lastError: null,
        sentMessageId: null,
      },
    ]);
  });

  it("sees the statement before it in the batch: an entry only for a change that was made", async () => {
    const entry = (target: string) => ({ at, action: "record.status", target, client: "test" });
    await db.batch([
      db.update(recordMessages).set({ subject: "changed" }).where(eq(recordMessages.id, "no-such-message")),
      insertIf(db, auditLog, entry("after-nothing"), sql`changes() > 0`),
      insertIf(db, recordMessages, message("made"), undefined),
      insertIf(db, auditLog, { ...entry("after-a-row"), detail: { status: "contacted" } }, sql`changes() > 0`),
    ]);
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, "record.status"));
    expect(entries.map(({ target, detail }) => ({ target, detail }))).toEqual([
      { target: "after-a-row", detail: { status: "contacted" } },
    ]);
  });

  it("refuses a row without a required column, in the typecheck and in the database", async () => {
    const { body: _left, ...withoutBody } = message("no-body");
    // @ts-expect-error -- `body` is NOT NULL without a default: the row type requires it.
    const statement = insertIf(db, recordMessages, withoutBody, sql`1 = 1`);
    await expect(db.batch([statement])).rejects.toThrow(/NOT NULL constraint failed: record_messages.body/);
  });
});

describe("insertForEach", () => {
  it("writes one row for each source row where the condition holds, with values from that row", async () => {
    await db.insert(recordMessages).values([message("source-a"), message("source-b"), message("source-c")]);
    await db.batch([
      insertForEach(
        db,
        auditLog,
        recordMessages,
        { at, action: "copied", target: sql`${recordMessages.id}`, client: "test" },
        sql`${recordMessages.id} in ('source-a', 'source-c')`,
      ),
    ]);
    const copied = await db.select({ target: auditLog.target }).from(auditLog).where(eq(auditLog.action, "copied"));
    expect(copied.map((row) => row.target).sort()).toEqual(["source-a", "source-c"]);
  });
});
