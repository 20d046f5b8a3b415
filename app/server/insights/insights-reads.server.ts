import { and, count, gte, inArray, isNull, lte, min, ne } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { inboxTables } from "~/db/schema/inbox";
import type { InboxKind } from "~/inbox/kinds";
import { OPEN_STATUSES } from "~/inbox/statuses";
import type { AppEnv } from "../http/env.server";
import type { Sample } from "./measure.server";

// What the insights read from D1, in one batch: each kind's requests (spam excluded) submitted
// between two instants, only their submission and first contact, from an index that holds both
// (migration 0014); and each kind's requests still waiting for a first contact, from a partial index.

export type Waiting = { waiting: number; oldestWaitingAt: Date | null };
export type KindRows = { samples: Sample[] } & Waiting;

export async function readResponseRows(
  env: Pick<AppEnv, "DB">,
  from: Date,
  to: Date,
): Promise<Record<InboxKind, KindRows>> {
  const db = getDb(env);
  const samplesOf = (kind: InboxKind) => {
    const table = inboxTables[kind];
    return db
      .select({ submittedAt: table.submittedAt, firstContactAt: table.firstContactAt })
      .from(table)
      .where(and(gte(table.submittedAt, from), lte(table.submittedAt, to), ne(table.status, "spam")));
  };
  const waitingOf = (kind: InboxKind) => {
    const table = inboxTables[kind];
    // Spelled as the partial index's condition, so SQLite answers from it.
    return db
      .select({ waiting: count(), oldest: min(table.submittedAt) })
      .from(table)
      .where(and(isNull(table.firstContactAt), inArray(table.status, [...OPEN_STATUSES])));
  };
  const [contactRows, serviceRows, contactWaiting, serviceWaiting] = await db.batch([
    samplesOf("contact"),
    samplesOf("serviceRequest"),
    waitingOf("contact"),
    waitingOf("serviceRequest"),
  ]);
  const kindRows = (rows: typeof contactRows, waiting: typeof contactWaiting): KindRows => ({
    samples: rows.map((row) => ({
      submittedAt: row.submittedAt.getTime(),
      firstContactAt: row.firstContactAt?.getTime() ?? null,
    })),
    waiting: waiting[0]?.waiting ?? 0,
    // min() comes back as the stored number of milliseconds.
    oldestWaitingAt: waiting[0]?.oldest == null ? null : new Date(Number(waiting[0].oldest)),
  });
  return {
    contact: kindRows(contactRows, contactWaiting),
    serviceRequest: kindRows(serviceRows, serviceWaiting),
  };
}
