import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, eq, isNull } from "drizzle-orm";
import { shop } from "~/content/shop";
import { getDb } from "~/db/db.server";
import { calendarFeeds } from "~/db/schema/appointments";
import { users } from "~/db/schema/staff";
import { AUDIT_IF_CHANGED, auditInsert, auditInsertIf } from "~/features/audit/audit.server";
import { addDays, shopWallClock } from "~/hours/shop-calendar";
import type { ShopSchedule } from "~/hours/shop-schedule";
import type { AppEnv } from "~/http/env.server";
import { refused, textRefusal } from "~/http/outcome.server";
import { absoluteSiteUrl } from "~/http/site-url.server";
import type { Acting } from "~/http/staff-member.server";
import { recordPath } from "~/records/kinds";
import { formatSlotTime } from "../capacity";
import { appointmentKindLabels, appointmentStatusLabels } from "../vocabulary";
import { appointmentsBetween, appointmentStart } from "./booking-reads.server";
import { calendarUid, DROP_OFF_WINDOW_MINUTES, WAITER_MINUTES } from "./mail/calendar-file.server";
import { readBookingRules } from "./settings/capacity-settings.server";
import { isTokenShaped, tokenHash } from "./customer-link.server";
import { type IcsEvent, icsCalendar } from "./icalendar.server";

// Each member's private calendar feed (docs/decisions/050-the-members-calendar-feed.md): a secret
// URL that Google Calendar or Outlook polls, listing the shop's appointments from 30 days back to
// 90 ahead. The token is 256 random bits, shown once when made; D1 keeps only its SHA-256. One
// feed per member: a new one replaces the old, revoking deletes it, and a disabled or removed
// member's feed answers 404 like an unknown one. Never cached by anyone: it names customers.

export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 90;

export const feedPath = (token: string) => `/appointments/feed/${token}.ics`;

/** 256 random bits in base64url (43 characters, the same shape as the customer's link). */
function newFeedToken(): string {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

/** What the account page says of a member's feed: since when it exists, or null. */
export async function calendarFeedOf(env: Pick<AppEnv, "DB">, userId: string) {
  const [row] = await getDb(env)
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/** Makes the member's feed (replacing any old one) and returns its URL: the only time it is shown. */
export async function makeCalendarFeed(env: AppEnv, userId: string, acting: Acting): Promise<string> {
  const token = newFeedToken();
  const row = { userId, tokenHash: tokenHash(token), createdAt: acting.at };
  const db = getDb(env);
  await db.batch([
    db
      .insert(calendarFeeds)
      .values(row)
      .onConflictDoUpdate({
        target: calendarFeeds.userId,
        set: { tokenHash: row.tokenHash, createdAt: row.createdAt },
      }),
    auditInsert(db, { ...acting, action: "account.calendar-feed", target: null, detail: { feed: "made" } }),
  ]);
  return absoluteSiteUrl(env, feedPath(token));
}

/** Deletes the member's feed: its URL answers 404 from now on. False when there was none. */
export async function revokeCalendarFeed(env: AppEnv, userId: string, acting: Acting): Promise<boolean> {
  const db = getDb(env);
  const [deleted] = await db.batch([
    db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId }),
    // Only when a feed was there to delete: revoking none is no change.
    auditInsertIf(
      db,
      { ...acting, action: "account.calendar-feed", target: null, detail: { feed: "revoked" } },
      AUDIT_IF_CHANGED,
    ),
  ]);
  return deleted.length > 0;
}

const FEED_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

const notFound = () => textRefusal(refused("not-found", "No calendar feed here.").refusal, FEED_HEADERS);

/** GET /appointments/feed/<token>.ics: the shop's appointments as text/calendar, or 404. */
export async function calendarFeedResponse(env: AppEnv, file: string | undefined, now: Date): Promise<Response> {
  const token = file?.replace(/\.ics$/, "");
  if (!isTokenShaped(token)) return notFound();
  const [owner] = await getDb(env)
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash(token)), isNull(users.disabledAt), isNull(users.removedAt)));
  if (!owner) return notFound();
  const today = shopWallClock(now).date;
  const [rules, rows] = await Promise.all([
    readBookingRules(env, now),
    appointmentsBetween(env, addDays(today, -FEED_DAYS_BACK), addDays(today, FEED_DAYS_AHEAD)),
  ]);
  // A cancelled appointment leaves the feed, and so the subscribed calendars.
  const events = rows
    .filter((row) => row.appointment.status !== "cancelled")
    .map((row) => feedEvent(env, row, rules.schedule, now));
  const body = icsCalendar({
    prodId: `-//${shop.name}//Shop calendar//EN`,
    name: `${shop.name} appointments`,
    events,
  });
  return new Response(body, { headers: { ...FEED_HEADERS, "Content-Type": "text/calendar; charset=utf-8" } });
}

type Row = Awaited<ReturnType<typeof appointmentsBetween>>[number];

/** One appointment as an event: the same UID as the customer's file, so it is one event wherever it goes. */
function feedEvent(env: Pick<AppEnv, "SITE_URL">, row: Row, schedule: ShopSchedule, now: Date): IcsEvent {
  const { appointment } = row;
  const start = appointmentStart(schedule, appointment);
  const minutes = appointment.kind === "waiter" ? WAITER_MINUTES : DROP_OFF_WINDOW_MINUTES;
  const name = row.firstName === null ? "Deleted request" : `${row.firstName} ${row.lastName}`;
  const what = appointment.time
    ? `Waiter ${formatSlotTime(appointment.time)}`
    : appointmentKindLabels[appointment.kind];
  const recordUrl = absoluteSiteUrl(env, recordPath("serviceRequest", appointment.serviceRequestId));
  const status = appointment.status === "confirmed" ? "" : ` (${appointmentStatusLabels[appointment.status]})`;
  return {
    uid: calendarUid(appointment.id),
    stamp: now,
    start,
    end: new Date(start.getTime() + minutes * 60_000),
    sequence: appointment.sequence,
    status: "CONFIRMED",
    summary: `${what}: ${name}${status}`,
    description: [row.phone ? `Phone: ${row.phone}` : null, appointment.note, recordUrl]
      .filter((line): line is string => !!line)
      .join("\n"),
    url: recordUrl,
  };
}
