import { and, asc, eq, lte } from "drizzle-orm";
import { shop } from "~/content/shop";
import type { Database } from "~/db/db.server";
import { contactSubmissions, serviceRequests } from "~/db/schema";
import { type CalendarDate, shopWallClock } from "~/hours/shop-calendar";
import { isOpenDay, type ShopSchedule } from "~/hours/shop-schedule";
import type { AppEnv } from "../http/env.server";
import { type OverdueRequest, overdueDigest } from "./message.server";
import type { OutgoingMail } from "./mime.server";

// The 24-hour promise, watched: on each day the shop opens, at 8:00 AM on its clock, one email
// lists the requests still new after `shop.replyWithinHours`; none when there are none.

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

/** The digest for `shopDate` as of `now`, or nothing when no request is overdue. */
export async function buildDigest(
  db: Database,
  {
    now,
    shopDate,
    origin,
    settings,
  }: { now: Date; shopDate: string; origin: string | undefined; settings: Pick<AppEnv, "NOTIFY_FROM" | "NOTIFY_TO"> },
): Promise<{ count: number; mail: OutgoingMail } | undefined> {
  const before = new Date(now.getTime() - shop.replyWithinHours * 3_600_000);
  const requests = await overdueRequests(db, before);
  if (requests.length === 0) return undefined;
  return {
    count: requests.length,
    mail: overdueDigest(requests, { from: settings.NOTIFY_FROM, to: settings.NOTIFY_TO, origin }, { now, shopDate }),
  };
}
