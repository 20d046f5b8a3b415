import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { createContext, type RouterContextProvider } from "react-router";
import { getDb } from "~/db/db.server";
import { bookingPageViews } from "~/db/schema/appointments";
import { z } from "~/forms/zod";
import { addDays, type CalendarDate, shopWallClock, weekdayOf } from "~/hours/shop-calendar";
import { clientKey } from "~/http/client-address.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import type { AppEnv } from "~/http/env.server";
import { jsonAnswer, refused } from "~/http/outcome.server";
import { readPostedForm } from "~/http/request-body.server";
import { NO_STORE, tooManyRequests } from "~/http/responses.server";

// What the shop sees of /book (docs/decisions/066-booking-page-counts.md): each view of the page
// is a row under a random id the page holds in its form (no cookie, nothing about the visitor).
// The page's GET opens it (so a view without JavaScript counts); the page's beacon says it was
// shown (a speculative prefetch counts only then) and started; the post that books marks it
// booked. Per week: opened, started, booked, and the 75th percentile from opened to booked.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows older than this are deleted when a view opens: the insights page shows 12 weeks. */
const KEPT_MS = 13 * 7 * DAY_MS;
/** A beacon for a view opened longer ago than this is refused: no page stays open that long. */
const BEACON_WINDOW_MS = DAY_MS;
const BEACON_LIMIT_BYTES = 256;
const RETRY_SECONDS = 60;
/** A view's id: a random UUID the page holds. */
const viewId = z.uuid();

/** The Monday (shop calendar) of the week `now` falls in. */
export function shopWeekOf(now: Date): CalendarDate {
  const today = shopWallClock(now).date;
  return addDays(today, -((weekdayOf(today) + 6) % 7));
}

/**
 * A new view of /book, as of `now`: its id for the page's form. `prefetched`: the browser fetched it
 * speculatively (`Sec-Purpose: prefetch`); it is counted once the page says it was shown.
 */
export async function openBookingView(env: Pick<AppEnv, "DB">, now: Date, prefetched: boolean): Promise<string> {
  const db = getDb(env);
  const id = crypto.randomUUID();
  const views = bookingPageViews;
  await db.batch([
    db.insert(views).values({ id, week: shopWeekOf(now), openedAt: now, prefetched }),
    db.delete(views).where(lt(views.openedAt, new Date(now.getTime() - KEPT_MS))),
  ]);
  return id;
}

/**
 * The view a post of /book's form came from, set by its action: the page the post answers keeps
 * that view (its loader runs again) instead of opening a new one.
 */
export const postedBookingView = createContext<string | null>(null);

/** This request's view of /book: the posted one (the page answering a post), else a new one. */
export async function bookingViewFor(request: Request, context: Readonly<RouterContextProvider>) {
  const posted = viewId.safeParse(context.get(postedBookingView));
  if (posted.success) return posted.data;
  return openBookingView(getEnv(context), getRequestTime(context), isPrefetch(request));
}

const isPrefetch = (request: Request) => /prefetch/i.test(request.headers.get("Sec-Purpose") ?? "");

/** A view of the last day, by the id a page sent: the condition of every mark below. */
const recentView = (id: string, now: Date) =>
  and(eq(bookingPageViews.id, id), gte(bookingPageViews.openedAt, new Date(now.getTime() - BEACON_WINDOW_MS)));

/**
 * The page's beacon: `shown` (a prefetched view opens now, when it is looked at) or `started` (a
 * field filled, once). False when no such recent view exists.
 */
async function markBookingView(env: Pick<AppEnv, "DB">, id: string, event: "shown" | "started", now: Date) {
  const db = getDb(env);
  const views = bookingPageViews;
  const changed =
    event === "shown"
      ? db
          .update(views)
          .set({
            prefetched: false,
            openedAt: sql`case when ${views.prefetched} then ${now.getTime()} else ${views.openedAt} end`,
          })
          .where(recentView(id, now))
      : db
          .update(views)
          .set({ startedAt: sql`coalesce(${views.startedAt}, ${now.getTime()})` })
          .where(recentView(id, now));
  const rows = await changed.returning({ id: views.id });
  return rows.length > 0;
}

/**
 * A post of /book's form with its view id (`view`): the view was started (a visitor without
 * JavaScript sends no beacon), and booked if `booked`. Ignores an id that is not a recent view.
 */
export async function bookingViewPosted(env: Pick<AppEnv, "DB">, view: unknown, booked: boolean, now: Date) {
  const parsed = viewId.safeParse(view);
  if (!parsed.success) return;
  const views = bookingPageViews;
  const at = now.getTime();
  await getDb(env)
    .update(views)
    .set({
      prefetched: false,
      startedAt: sql`coalesce(${views.startedAt}, ${at})`,
      ...(booked ? { bookedAt: now } : {}),
    })
    .where(and(recentView(parsed.data, now), booked ? isNull(views.bookedAt) : undefined));
}

const beaconSchema = z.object({ view: viewId, event: z.enum(["shown", "started"]) }).strict();

/**
 * POST /api/booking-views (anyone): `view=<id>&event=shown|started`, form-encoded as
 * `navigator.sendBeacon` sends it. 204; 400 for anything else, 404 for no such recent view, 413
 * past 256 bytes, 429 past the client's limit. Cross-site posts are refused by the Worker.
 */
export async function handleBookingBeacon(request: Request, context: Readonly<RouterContextProvider>) {
  const env = getEnv(context);
  if (await overBeaconLimit(env, clientKey(request))) return tooManyRequests("Too many beacons.", RETRY_SECONDS);
  const posted = await readPostedForm(request, { limitBytes: BEACON_LIMIT_BYTES, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const fields = Object.fromEntries([...posted.formData].map(([key, value]) => [key, value]));
  const parsed = beaconSchema.safeParse(fields);
  if (!parsed.success || posted.formData.getAll("view").length !== 1) {
    return jsonAnswer(refused("invalid", "A beacon is view=<the page's id>&event=shown|started."));
  }
  const found = await markBookingView(env, parsed.data.view, parsed.data.event, getRequestTime(context));
  if (!found) return jsonAnswer(refused("not-found", "There is no such view of /book."));
  return new Response(null, { status: 204, headers: NO_STORE });
}

/** The public forms' limiter, under its own key: beacons never use up a visitor's form posts. */
async function overBeaconLimit(env: Pick<AppEnv, "SUBMISSION_LIMITER">, client: string) {
  try {
    return !(await env.SUBMISSION_LIMITER.limit({ key: `booking-beacon:${client}` })).success;
  } catch {
    // A limiter outage costs a count at most: let it through.
    return false;
  }
}

export type BookingWeek = {
  weekStart: CalendarDate;
  opened: number;
  started: number;
  booked: number;
  /** From opened to booked, the 75th percentile (nearest rank), in seconds; null with no booking. */
  p75Seconds: number | null;
};

/** The 75th percentile by nearest rank. */
export function p75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

/** /book's views for each of `weekStarts` (Mondays, shop calendar). */
export async function readBookingWeeks(env: Pick<AppEnv, "DB">, weekStarts: readonly CalendarDate[]) {
  const views = bookingPageViews;
  const rows = await getDb(env)
    .select({
      week: views.week,
      started: views.startedAt,
      booked: views.bookedAt,
      opened: views.openedAt,
    })
    .from(views)
    .where(and(gte(views.week, weekStarts[0] ?? ""), eq(views.prefetched, false)));
  return weekStarts.map((weekStart): BookingWeek => {
    const week = rows.filter((row) => row.week === weekStart);
    const booked = week.flatMap((row) => (row.booked ? [row.booked.getTime() - row.opened.getTime()] : []));
    const ms = p75(booked);
    return {
      weekStart,
      opened: week.length,
      started: week.filter((row) => row.started).length,
      booked: booked.length,
      p75Seconds: ms === null ? null : Math.round(ms / 1000),
    };
  });
}
