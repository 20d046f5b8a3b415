import { type InboxKind, inboxKinds } from "~/records/kinds";
import { OPEN_STATUSES } from "~/records/statuses";
import type { AppEnv } from "../../../http/env.server";
import { joinSamples, type Samples } from "./measure.server";

// What the insights read from D1, in one batch: each kind's requests (spam excluded) submitted
// between two instants, only their submission and first contact, from an index that holds both
// (migration 0014); and each kind's requests still waiting for a first contact, from a partial index.

export type Waiting = { waiting: number; oldestWaitingAt: Date | null };
export type KindRows = { samples: Samples } & Waiting;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Each request as "submitted:firstContact" (milliseconds; nothing after the colon when not yet
 * reached), joined with commas, one string per week. D1 hands a Worker its rows one object at a
 * time, which at 90 days of both kinds (32,000 rows at the bench's scale) took four times as long
 * as these few strings (docs/decisions/038-response-record.md); a week's string stays far below
 * D1's 2 MB limit on a row.
 */
const samplesSql = (table: string) =>
  `select group_concat(submitted_at || ':' || coalesce(first_contact_at, ''), ',') as samples from ${table} ` +
  `where submitted_at >= ?1 and submitted_at <= ?2 and status <> 'spam' group by submitted_at / ${WEEK_MS}`;

function parseSamples(rows: readonly { samples: string | null }[]): Samples {
  return joinSamples(
    rows.flatMap(({ samples: text }) => {
      if (!text) return [];
      const numbers = text.split(/[,:]/);
      const size = numbers.length / 2;
      const submittedAt = new Float64Array(size);
      const firstContactAt = new Float64Array(size);
      for (let index = 0; index < size; index++) {
        submittedAt[index] = Number(numbers[2 * index]);
        const reached = numbers[2 * index + 1];
        firstContactAt[index] = reached ? Number(reached) : Number.NaN;
      }
      return [{ submittedAt, firstContactAt }];
    }),
  );
}

/**
 * The response rows' statements, for the caller's D1 batch, and how their results become each
 * kind's samples and waiting count. `readResponseRows` runs them alone.
 */
export function responseRowsRead(env: Pick<AppEnv, "DB">, from: Date, to: Date) {
  const samplesOf = (kind: InboxKind) =>
    env.DB.prepare(samplesSql(inboxKinds[kind].tableName)).bind(from.getTime(), to.getTime());
  // `first_contact_at is null` as the partial index (migration 0014) says it, so SQLite answers from it.
  const waitingOf = (kind: InboxKind) =>
    env.DB.prepare(
      `select count(*) as waiting, min(submitted_at) as oldest from ${inboxKinds[kind].tableName} ` +
        `where first_contact_at is null and status in (${OPEN_STATUSES.map((status) => `'${status}'`).join(", ")})`,
    );
  const statements = [
    samplesOf("contact"),
    samplesOf("serviceRequest"),
    waitingOf("contact"),
    waitingOf("serviceRequest"),
  ];
  const rows = (results: readonly (D1Result | undefined)[]): Record<InboxKind, KindRows> => {
    const [contactRows, serviceRows, contactWaiting, serviceWaiting] = results;
    const waitingFrom = (result: D1Result | undefined): Waiting => {
      const row = result?.results[0] as { waiting: number; oldest: number | null } | undefined;
      return { waiting: row?.waiting ?? 0, oldestWaitingAt: row?.oldest == null ? null : new Date(row.oldest) };
    };
    const samplesFrom = (result: D1Result | undefined) =>
      parseSamples((result?.results ?? []) as { samples: string | null }[]);
    return {
      contact: { samples: samplesFrom(contactRows), ...waitingFrom(contactWaiting) },
      serviceRequest: { samples: samplesFrom(serviceRows), ...waitingFrom(serviceWaiting) },
    };
  };
  return { statements, rows };
}

export async function readResponseRows(
  env: Pick<AppEnv, "DB">,
  from: Date,
  to: Date,
): Promise<Record<InboxKind, KindRows>> {
  const read = responseRowsRead(env, from, to);
  return read.rows(await env.DB.batch(read.statements));
}
