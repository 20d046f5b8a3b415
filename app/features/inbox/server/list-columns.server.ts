import { sql } from "drizzle-orm";
import { inboxTables } from "~/db/schema/inbox";
import type { InboxKind } from "~/records/kinds";
import { emailFailingSql } from "../../replies/replies.server";
import { type InboxRecord, recordColumns } from "../inbox.server";
import { earlierRequestExists } from "./customer.server";

// What a list reads of each record: its columns and its card's flags.

/** What a list's card says beyond the record: "Returning" (decision 047) and a failing address (decision 041). */
export type ListFlags = { returning: boolean; emailFailing: boolean };
export type ListedRecord = InboxRecord & ListFlags;

/**
 * The record's columns and the card's flags, each flag a correlated subquery on an index, worked out
 * for the page's rows only. The CSV export reads `recordColumns` alone.
 */
export function listColumns<Kind extends InboxKind>(kind: Kind) {
  const table = inboxTables[kind];
  // Named with their table: in a one-table select drizzle writes a column inside sql`` bare, which
  // a subquery would read as its own table's column of that name.
  const own = (column: string) => sql`${table}.${sql.identifier(column)}`;
  return {
    ...recordColumns(kind),
    returning: earlierRequestExists({
      emailKey: own("email_key"),
      phoneKey: own("phone_key"),
      submittedAt: own("submitted_at"),
    }),
    emailFailing: emailFailingSql(kind, own("id")),
  };
}
