import { and, asc, eq, lt, notInArray, sql } from "drizzle-orm";
import type { Database } from "~/db/db.server";
import { inboxTables } from "~/db/schema/inbox";
import { users } from "~/db/schema/staff";
import { endOfShopDay } from "~/features/desk/desk";
import { formatPhone, telHref } from "~/forms/phone-link";
import { formatShopDateTime } from "~/hours/shop-calendar";
import { INBOX_KINDS, type InboxKind, inboxKinds, recordPath } from "~/records/kinds";
import { htmlLink } from "../../../mail/html.server";
import { escapeHtml, singleLine } from "../../../mail/mime.server";
import type { MailSettings } from "./message.server";

// The morning digest's call-backs (the call-back desk, decision 037): follow-ups due today or
// overdue on records not closed, grouped by who handles them, "Unassigned" last.

const FOLLOW_UP_LIMIT = 100;

export type DueFollowUp = {
  kind: InboxKind;
  id: string;
  name: string;
  phone: string;
  followUpAt: Date;
  /** Who handles it, by the name staff know them by; null for nobody. */
  assignee: string | null;
};

/** Follow-ups before the end of the shop's day at `now`, on records neither closed nor spam, earliest first. */
export async function dueFollowUps(db: Database, now: Date): Promise<DueFollowUp[]> {
  const before = endOfShopDay(now);
  const read = (kind: InboxKind) => {
    const table = inboxTables[kind];
    return db
      .select({
        id: table.id,
        firstName: table.firstName,
        lastName: table.lastName,
        phone: table.phone,
        followUpAt: sql<number>`${table.followUpAt}`,
        assignee: sql<string | null>`coalesce(${users.displayName}, ${table.assignee})`,
      })
      .from(table)
      .leftJoin(users, eq(users.username, table.assignee))
      .where(and(lt(table.followUpAt, before), notInArray(table.status, ["closed", "spam"])))
      .orderBy(asc(table.followUpAt))
      .limit(FOLLOW_UP_LIMIT);
  };
  const rows = await db.batch([read("contact"), read("serviceRequest")]);
  return INBOX_KINDS.flatMap((kind, index) =>
    (rows[index] ?? []).map((row) => ({
      kind,
      id: row.id,
      name: singleLine(`${row.firstName} ${row.lastName}`),
      phone: row.phone,
      followUpAt: new Date(row.followUpAt),
      assignee: row.assignee,
    })),
  )
    .toSorted((a, b) => a.followUpAt.getTime() - b.followUpAt.getTime())
    .slice(0, FOLLOW_UP_LIMIT);
}

/** The digest's part about them: lines of text and a piece of HTML, empty when there is none. */
export type FollowUpSection = { count: number; text: string[]; html: string };

export function followUpSection(followUps: readonly DueFollowUp[], settings: MailSettings, now: Date): FollowUpSection {
  if (followUps.length === 0) return { count: 0, text: [], html: "" };
  const people = [...new Set(followUps.map((followUp) => followUp.assignee ?? ""))].toSorted((a, b) =>
    a === "" ? 1 : b === "" ? -1 : a.localeCompare(b),
  );
  const heading = `To call back today (${followUps.length}), overdue ones first`;
  const lineOf = (followUp: DueFollowUp) => {
    const late = followUp.followUpAt.getTime() < now.getTime() ? "overdue since" : "by";
    return {
      title: `${followUp.name} (${inboxKinds[followUp.kind].singular.toLowerCase()})`,
      detail: `${late} ${formatShopDateTime(followUp.followUpAt)}, ${singleLine(formatPhone(followUp.phone))}`,
      call: telHref(followUp.phone),
      link: settings.urlFor(recordPath(followUp.kind, followUp.id)),
    };
  };
  const groups = people.map((person) => ({
    who: person === "" ? "Unassigned" : singleLine(person),
    lines: followUps.filter((followUp) => (followUp.assignee ?? "") === person).map(lineOf),
  }));
  const text = [
    `${heading}:`,
    ...groups.flatMap((group) => [
      `${group.who}:`,
      ...group.lines.flatMap((line) => [`- ${line.title}, ${line.detail}`, `  ${line.link}`]),
    ]),
  ];
  const html = [
    `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(heading)}</h2>`,
    ...groups.map(
      (group) =>
        `<h3 style="font-size:15px;margin:12px 0 4px">${escapeHtml(group.who)}</h3><ul style="padding-left:20px;margin:0">${group.lines
          .map(
            (line) =>
              `<li style="margin:0 0 8px">${htmlLink(line.link, line.title)}<br>${escapeHtml(line.detail)} &middot; ${htmlLink(line.call, "Call")}</li>`,
          )
          .join("")}</ul>`,
    ),
  ].join("");
  return { count: followUps.length, text, html };
}
