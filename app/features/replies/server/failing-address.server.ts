import { type SQL, sql } from "drizzle-orm";
import { recordMessages } from "~/db/schema/replies";
import type { InboxKind } from "~/records/kinds";
import type { ConversationMessage } from "../messages";

// Whether a customer's address is failing: a bounce came back (decision 041), and nothing the
// customer wrote arrived after it (which would show the address works again). Read two ways with
// one rule: from a conversation already loaded (the record page, the API), and in SQL for each row
// of a list (the inbox's cards), where loading every conversation would cost a query each.

/** From a record's conversation, oldest first (by time, then id). */
export function emailFailing(conversation: readonly ConversationMessage[]): boolean {
  const lastBounce = conversation.findLastIndex((message) => message.bounce);
  const lastAnswer = conversation.findLastIndex((message) => message.direction === "in" && !message.automatic);
  return lastBounce >= 0 && lastBounce > lastAnswer;
}

/**
 * The same for a list's rows: `recordId` names the row's id column with its table's name (a
 * correlated subquery on the messages' index; a bare "id" would read the messages' own).
 */
export function emailFailingSql(kind: InboxKind, recordId: SQL): SQL<boolean> {
  const m = recordMessages;
  return sql<boolean>`exists (select 1 from ${m} as bounced
    where bounced.submission_kind = ${kind} and bounced.submission_id = ${recordId} and bounced.bounce = 1
      and not exists (select 1 from ${m} as answer
        where answer.submission_kind = ${kind} and answer.submission_id = ${recordId}
          and answer.direction = 'in' and answer.automatic = 0 and (answer.at, answer.id) > (bounced.at, bounced.id)))`.mapWith(
    (value) => Boolean(value),
  );
}
