import { and, asc, eq, isNotNull, isNull, lte, ne, notInArray, or, sql } from "drizzle-orm";
import { shop } from "~/content/shop";
import type { Database } from "~/db/db.server";
import { contactSubmissions, serviceRequests } from "~/db/schema/inbox";
import { notificationDigests } from "~/db/schema/notifications";
import { type CalendarDate, shopWallClock } from "~/hours/shop-calendar";
import { isOpenDay, type ShopSchedule } from "~/hours/shop-schedule";
import { type MailSettings, type OverdueRequest, overdueDigest, type SpamKept } from "./message.server";
import type { OutgoingMail } from "../../../mail/mime.server";
import { type DueFollowUp, dueFollowUps, followUpSection } from "./digest-follow-ups.server";

// The 24-hour promise, watched: on each day the shop opens, at 8:00 AM on its clock, one email
// lists the requests still new after `shop.replyWithinHours`, the call-backs due today or overdue
// per person (digest-follow-ups.server.ts), and says how many submissions were
// kept aside as spam since the digest before, with a link to the Spam filter; none when there is
// neither. The spam it counts is marked with its date, and only spam a sent digest counted (or that
// staff marked themselves) is ever purged (submissions/spam.server.ts, decision record 031).

const DIGEST_HOUR = 8;
// More than a morning's work; the inbox has the rest.
const DIGEST_LIMIT = 100;

/**
 * The shop date whose digest a scheduled run at `instant` sends, if any. Cron Triggers run in UTC,
 * so the digest's trigger fires at 12:00 and at 13:00 UTC every day, and only the run at which
 * the shop's clock reads 8 (12:00 in summer, 13:00 in winter) on a day the shop opens (its hours
 * as the owner set them) sends; closed days are skipped.
 */
export function digestDateAt(schedule: ShopSchedule, instant: Date): CalendarDate | undefined {
  const { date, minutes } = shopWallClock(instant);
  return Math.floor(minutes / 60) === DIGEST_HOUR && isOpenDay(schedule, date) ? date : undefined;
}

/** Contact messages and service requests received before `before` and still `new`, oldest first. */
async function overdueRequests(db: Database, before: Date): Promise<OverdueRequest[]> {
  const [contacts, requests] = await db.batch([
    db
      .select()
      .from(contactSubmissions)
      .where(and(eq(contactSubmissions.status, "new"), lte(contactSubmissions.submittedAt, before)))
      .orderBy(asc(contactSubmissions.submittedAt))
      .limit(DIGEST_LIMIT),
    db
      .select()
      .from(serviceRequests)
      .where(and(eq(serviceRequests.status, "new"), lte(serviceRequests.submittedAt, before)))
      .orderBy(asc(serviceRequests.submittedAt))
      .limit(DIGEST_LIMIT),
  ]);
  return [
    ...contacts.map((record) => ({ form: "contact" as const, record })),
    ...requests.map((record) => ({ form: "serviceRequest" as const, record })),
  ]
    .toSorted((a, b) => a.record.submittedAt.getTime() - b.record.submittedAt.getTime())
    .slice(0, DIGEST_LIMIT);
}

type SubmissionTable = typeof contactSubmissions | typeof serviceRequests;

/** Digests that went out: the spam they counted has been reported. */
const sentDigestDates = (db: Database) =>
  db
    .select({ shopDate: notificationDigests.shopDate })
    .from(notificationDigests)
    .where(isNotNull(notificationDigests.sentAt));

/**
 * Spam the filter kept aside that no sent digest has counted yet: never reported, or reported in a
 * digest that never went out (staff who marked a record spam have seen it).
 */
const awaitingReport = (db: Database, table: SubmissionTable) =>
  and(
    eq(table.status, "spam"),
    ne(table.spamReason, "staff"),
    or(isNull(table.spamReportedIn), notInArray(table.spamReportedIn, sentDigestDates(db))),
  );

/** Whether any spam waits to be reported; cheap, read before the digest is claimed. */
async function spamAwaitsReport(db: Database): Promise<boolean> {
  const [contact, request] = await db.batch([
    db
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(awaitingReport(db, contactSubmissions))
      .limit(1),
    db.select({ id: serviceRequests.id }).from(serviceRequests).where(awaitingReport(db, serviceRequests)).limit(1),
  ]);
  return contact.length + request.length > 0;
}

/**
 * Marks the spam awaiting report as counted in the digest of `shopDate` and counts it; run only by
 * the consumer holding the digest's claim, so what is marked is what the email says.
 */
async function markSpamForDigest(db: Database, shopDate: string): Promise<SpamKept> {
  const count = (table: SubmissionTable) =>
    db
      .select({ count: sql<number>`count(*)` })
      .from(table)
      .where(eq(table.spamReportedIn, shopDate));
  const [, , [contact], [request]] = await db.batch([
    db.update(contactSubmissions).set({ spamReportedIn: shopDate }).where(awaitingReport(db, contactSubmissions)),
    db.update(serviceRequests).set({ spamReportedIn: shopDate }).where(awaitingReport(db, serviceRequests)),
    count(contactSubmissions),
    count(serviceRequests),
  ]);
  return { contact: contact?.count ?? 0, serviceRequest: request?.count ?? 0 };
}

/** What the digest of `shopDate` would report as of `now`, or nothing when there is nothing to report. */
export async function digestDue(
  db: Database,
  { now }: { now: Date },
): Promise<{ overdue: OverdueRequest[]; followUps: DueFollowUp[] } | undefined> {
  const before = new Date(now.getTime() - shop.replyWithinHours * 3_600_000);
  const [overdue, followUps] = await Promise.all([overdueRequests(db, before), dueFollowUps(db, now)]);
  if (overdue.length === 0 && followUps.length === 0 && !(await spamAwaitsReport(db))) return undefined;
  return { overdue, followUps };
}

/** The digest's email, once claimed: the overdue requests and the spam it now marks as counted. */
export async function buildDigest(
  db: Database,
  {
    now,
    shopDate,
    overdue,
    followUps = [],
    settings,
  }: { now: Date; shopDate: string; overdue: OverdueRequest[]; followUps?: DueFollowUp[]; settings: MailSettings },
): Promise<{ spamCount: number; mail: OutgoingMail }> {
  const spam = await markSpamForDigest(db, shopDate);
  return {
    spamCount: spam.contact + spam.serviceRequest,
    mail: overdueDigest(overdue, spam, settings, { now, shopDate }, followUpSection(followUps, settings, now)),
  };
}
