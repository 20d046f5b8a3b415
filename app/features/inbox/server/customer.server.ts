import { type SQL, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { inboxTables } from "~/db/schema/inbox";
import { recordMessages } from "~/db/schema/replies";
import { INBOX_KINDS, type InboxKind } from "~/records/kinds";
import { isSubmissionStatus } from "~/records/statuses";
import type { Customer, OtherRequest } from "../customer";
import type { AppEnv } from "../../../http/env.server";

// One customer across requests (issue 29, docs/decisions/047-one-customer-by-normalised-keys.md):
// two requests are the same customer's when their emails or their phones agree once normalised
// (the `email_key` and `phone_key` columns the database computes). Direct matches only: a phone two
// people share does not chain their other requests together. Spam is left out of both.

/** How many of the customer's other requests the record shows (the most recent). */
export const OTHERS_SHOWN = 20;

/** How long the last message's text is on the record page. */
const EXCERPT_LENGTH = 160;

/**
 * Whether the same customer sent a request before this one, of either kind (not spam): the inbox's
 * "Returning". `keys` name the request's own columns (a list's row, with its table's name), read
 * in a correlated subquery: four index lookups, stopped at the first match.
 */
export function earlierRequestExists(keys: { emailKey: SQL; phoneKey: SQL; submittedAt: SQL }) {
  const checks = INBOX_KINDS.flatMap((kind) => {
    const other = inboxTables[kind];
    return (["email_key", "phone_key"] as const).map((key) => {
      const own = key === "email_key" ? keys.emailKey : keys.phoneKey;
      return sql`exists (select 1 from ${other} as earlier where earlier.${sql.identifier(key)} = ${own} and earlier.submitted_at < ${keys.submittedAt} and earlier.status <> 'spam')`;
    });
  });
  return sql<boolean>`(${sql.join(checks, sql` or `)})`.mapWith((value) => Boolean(value));
}

/** The same customer's requests of `kind` but the record itself. */
function othersOf(kind: InboxKind, self: { kind: InboxKind; id: string }) {
  const table = inboxTables[kind];
  return sql`select ${kind} as kind, other.id as id, other.submitted_at as at, other.status as status, other.message as message
    from ${table} as other, me
    where (other.email_key = me.e or other.phone_key = me.p) and other.status <> 'spam'
      ${kind === self.kind ? sql`and other.id <> ${self.id}` : sql``}`;
}

type OtherRow = { kind: string; id: string; at: number; status: string; last: string };

const toOther = (row: OtherRow): OtherRequest | null => {
  const kind = INBOX_KINDS.find((each) => each === row.kind);
  if (!kind || !isSubmissionStatus(row.status)) return null;
  // Written by json_object below: the three keys, a number for `at`.
  const last = JSON.parse(row.last) as { direction: "in" | "out"; at: number; text: string };
  return {
    kind,
    id: row.id,
    at: new Date(row.at),
    status: row.status,
    lastMessage: { direction: last.direction, at: new Date(last.at), text: last.text },
  };
};

/**
 * The customer behind a record: whether they wrote before, and their other requests, the most recent
 * `OTHERS_SHOWN` (`more` when there are others beyond), each with its last message (the last email
 * not automatic, else the request's own message). One statement: both kinds' index lookups in a
 * union, the last messages read for the shown ones only. Null for an unknown record.
 */
export async function customerOf(env: Pick<AppEnv, "DB">, kind: InboxKind, id: string): Promise<Customer | null> {
  const table = inboxTables[kind];
  const m = recordMessages;
  const lastEmail = sql`(select json_object('direction', ${m.direction}, 'at', ${m.at}, 'text', substr(${m.body}, 1, ${EXCERPT_LENGTH}))
    from ${m} where ${m.submissionKind} = shown.kind and ${m.submissionId} = shown.id and ${m.automatic} = 0
    order by ${m.at} desc, ${m.id} desc limit 1)`;
  const ownMessage = sql`json_object('direction', 'in', 'at', shown.at, 'text', substr(shown.message, 1, ${EXCERPT_LENGTH}))`;
  const returning = earlierRequestExists({ emailKey: sql`me.e`, phoneKey: sql`me.p`, submittedAt: sql`me.s` });
  const rows = await getDb(env).all<Partial<OtherRow> & { found: number; earlier_exists: number }>(sql`
    with me as (select email_key as e, phone_key as p, submitted_at as s from ${table} where id = ${id}),
    others as (${sql.join(
      INBOX_KINDS.map((each) => othersOf(each, { kind, id })),
      sql` union all `,
    )}),
    shown as (select * from others order by at desc, id desc limit ${OTHERS_SHOWN + 1})
    select (select count(*) from me) as found, coalesce((select ${returning} from me), 0) as earlier_exists,
      shown.kind, shown.id, shown.at, shown.status, coalesce(${lastEmail}, ${ownMessage}) as last
    from (select 1) left join shown on 1 = 1
    order by shown.at desc, shown.id desc`);
  const [first] = rows;
  if (!first?.found) return null;
  const others = rows.flatMap((row) => (typeof row.id === "string" ? (toOther(row as OtherRow) ?? []) : []));
  return {
    returning: Boolean(first.earlier_exists),
    others: others.slice(0, OTHERS_SHOWN),
    more: others.length > OTHERS_SHOWN,
  };
}
