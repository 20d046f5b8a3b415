import { asc, eq } from "drizzle-orm";
import { createContext, type RouterContextProvider } from "react-router";
import { defaultClosedHolidays, defaultWeeklyHours, type WeeklyHours } from "~/content/hours";
import { type Database, getDb } from "~/db/db.server";
import { shopClosures, shopSettings, shopSpecialHours } from "~/db/schema/settings";
import {
  type FederalHolidayId,
  federalHolidaysObservedBetween,
  holidayClosureReason,
  isFederalHolidayId,
} from "~/hours/federal-holidays";
import { addDays, type CalendarDate, shopWallClock } from "~/hours/shop-calendar";
import type { ClosureDay, ShopSchedule, SpecialHours } from "~/hours/shop-schedule";
import { type ShopHours, shopHoursAt, type SiteNotice } from "~/hours/shop-hours";
import { nextStatusChangeAt } from "~/hours/shop-status";
import type { ResponseRecordSetting, StoredResponseRecord } from "~/features/insights/insights";
import type { AppEnv } from "../../http/env.server";
import { parseClockTime } from "~/forms/dates";
import { NIGHTLY, type ScheduledTask } from "~/scheduled/scheduled.server";

// The owner's settings as stored in D1 (migration 0011), and the schedule every rule reads, built
// from them. Read fresh for every rendering and every booking: a closure added a minute ago must
// refuse a booking now. The page cache bounds how long a rendering outlives a change
// (docs/decisions/034-shop-settings-and-the-page-cache.md).

export type StoredClosure = ClosureDay & { createdBy: string | null };
export type StoredSpecialHours = SpecialHours & { createdBy: string | null };

export type ShopSettings = {
  weekly: WeeklyHours;
  /** Whether the weekly hours are still the ones that ship (no owner has saved them). */
  weeklyIsDefault: boolean;
  closedHolidays: FederalHolidayId[];
  /** Every closure the owner added, past ones included, by date. */
  closures: StoredClosure[];
  specialHours: StoredSpecialHours[];
  notice: SiteNotice | null;
  /** The owner's switch for the response record on the public pages, and its stored figure (decision 038). */
  responseRecord: ResponseRecordSetting;
  /** D1 could not be read: these are the defaults, and no page made with them is cached. */
  unread?: true;
};

export const SETTINGS_ROW_ID = 1;

export async function readShopSettings(env: Pick<AppEnv, "DB">): Promise<ShopSettings> {
  const db = getDb(env);
  const [rows, closures, specialHours] = await db.batch([
    db.select().from(shopSettings).where(eq(shopSettings.id, SETTINGS_ROW_ID)),
    db.select().from(shopClosures).orderBy(asc(shopClosures.date)),
    db.select().from(shopSpecialHours).orderBy(asc(shopSpecialHours.date)),
  ]);
  const row = rows[0];
  const notice =
    row?.noticeText && row.noticeStartsAt && row.noticeEndsAt
      ? { text: row.noticeText, startsAt: row.noticeStartsAt.toISOString(), endsAt: row.noticeEndsAt.toISOString() }
      : null;
  return {
    weekly: row?.weeklyHours ?? defaultWeeklyHours,
    weeklyIsDefault: !row?.weeklyHours,
    closedHolidays: row?.closedHolidays ? row.closedHolidays.filter(isFederalHolidayId) : [...defaultClosedHolidays],
    closures: closures.map(({ date, reason, createdBy }) => ({ date, reason, createdBy })),
    specialHours: specialHours.map(({ date, opens, closes, reason, createdBy }) => ({
      date,
      opens: parseClockTime(opens),
      closes: parseClockTime(closes),
      reason,
      createdBy,
    })),
    notice,
    responseRecord: { show: row?.showResponseRecord ?? false, figure: row?.responseRecord ?? null },
  };
}

/** The response record's switch and figure as stored in the settings row (the insights feature computes them). */
export async function readResponseRecordSetting(env: Pick<AppEnv, "DB">): Promise<ResponseRecordSetting> {
  const [row] = await getDb(env)
    .select({ show: shopSettings.showResponseRecord, figure: shopSettings.responseRecord })
    .from(shopSettings)
    .where(eq(shopSettings.id, SETTINGS_ROW_ID));
  return { show: row?.show ?? false, figure: row?.figure ?? null };
}

/**
 * The statement that stores the response record's switch and figure in the settings row, left
 * for the caller to run or to batch with its audit entry. The row is created if missing.
 */
export function responseRecordWrite(db: Database, values: { show?: boolean; figure?: StoredResponseRecord }) {
  const set = {
    ...(values.show === undefined ? {} : { showResponseRecord: values.show }),
    ...(values.figure === undefined ? {} : { responseRecord: values.figure }),
  };
  return db
    .insert(shopSettings)
    .values({ id: SETTINGS_ROW_ID, ...set })
    .onConflictDoUpdate({ target: shopSettings.id, set });
}

/** How far ahead the schedule lists the holidays the shop closes for. */
const HOLIDAYS_AHEAD_DAYS = 2 * 366;

/**
 * The schedule from `today` on: the weekly hours, the owner's closures and the ticked federal
 * holidays' observed days (the owner's own reason wins on a date both give), the special hours.
 */
export function scheduleOf(settings: Omit<ShopSettings, "responseRecord">, today: CalendarDate): ShopSchedule {
  const byDate = new Map<CalendarDate, ClosureDay>();
  for (const holiday of federalHolidaysObservedBetween(today, addDays(today, HOLIDAYS_AHEAD_DAYS))) {
    if (settings.closedHolidays.includes(holiday.id)) {
      byDate.set(holiday.observed, { date: holiday.observed, reason: holidayClosureReason(holiday) });
    }
  }
  for (const { date, reason } of settings.closures) if (date >= today) byDate.set(date, { date, reason });
  return {
    weekly: settings.weekly,
    closures: [...byDate.values()].toSorted((a, b) => a.date.localeCompare(b.date)),
    specialHours: settings.specialHours
      .filter((entry) => entry.date >= today)
      .map(({ date, opens, closes, reason }) => ({ date, opens, closes, reason })),
  };
}

/**
 * The first moment after `now` at which a page made now would read differently: the open-now
 * line changes, or the notice starts or ends. The page cache keeps no rendering past it.
 */
export function pageContentChangesAt(settings: ShopSettings, now: Date): Date {
  if (settings.unread) return now;
  const changes = [nextStatusChangeAt(scheduleOf(settings, shopWallClock(now).date), now)];
  if (settings.notice) {
    for (const edge of [settings.notice.startsAt, settings.notice.endsAt]) {
      const at = new Date(edge);
      if (at > now) changes.push(at);
    }
  }
  return changes.reduce((soonest, at) => (at < soonest ? at : soonest));
}

/** One reading of the settings per request, made on first use (the root loader, the booking rules, the page cache). */
export const shopSettingsContext = createContext<() => Promise<ShopSettings>>();

/** What holds when nothing could be read: the hours as they ship. */
const unreadSettings: ShopSettings = {
  weekly: defaultWeeklyHours,
  weeklyIsDefault: true,
  closedHolidays: [...defaultClosedHolidays],
  closures: [],
  specialHours: [],
  notice: null,
  responseRecord: { show: false, figure: null },
  unread: true,
};

/**
 * Reads the settings on first use, once. When D1 fails, the pages still show the shipped hours
 * rather than an error (nothing is stored without D1 anyway), and the failure is logged.
 */
export function settingsReaderFor(env: Pick<AppEnv, "DB">): () => Promise<ShopSettings> {
  let reading: Promise<ShopSettings> | undefined;
  return () =>
    (reading ??= readShopSettings(env).catch((error: unknown) => {
      console.error("Shop settings: D1 could not be read; showing the shipped hours", error);
      return unreadSettings;
    }));
}

export function getShopSettings(context: Readonly<RouterContextProvider>): Promise<ShopSettings> {
  return context.get(shopSettingsContext)();
}

/** The schedule as of the request's time. */
export async function getShopSchedule(context: Readonly<RouterContextProvider>, now: Date): Promise<ShopSchedule> {
  return scheduleOf(await getShopSettings(context), shopWallClock(now).date);
}

/** What the pages show about the hours at the request's time (the root loader's shopHours). */
export async function shopHoursOf(context: Readonly<RouterContextProvider>, now: Date): Promise<ShopHours> {
  const settings = await getShopSettings(context);
  return shopHoursAt(scheduleOf(settings, shopWallClock(now).date), settings.notice, now);
}

/**
 * The shop's schedule from `from` on, read from D1: the weekly hours as they are now, the owner's
 * closures and special hours on or after `from` (past ones are kept), the ticked federal holidays.
 * For a look back (the insights' open-hours clock); a request's pages use the one reading per request.
 */
export async function readScheduleFrom(env: Pick<AppEnv, "DB">, from: CalendarDate): Promise<ShopSchedule> {
  return scheduleOf(await readShopSettings(env), from);
}

/**
 * Closure days and special hours whose date passed over 30 days ago (the nightly job): the audit
 * log keeps who set them, and the settings page and every read of the settings stay small.
 */
export async function purgePastSettings(env: Pick<AppEnv, "DB">, now: Date): Promise<number> {
  const before = addDays(shopWallClock(now).date, -30);
  const [closures, special] = await env.DB.batch([
    env.DB.prepare("delete from shop_closures where date < ?").bind(before),
    env.DB.prepare("delete from shop_special_hours where date < ?").bind(before),
  ]);
  return (closures?.meta.changes ?? 0) + (special?.meta.changes ?? 0);
}

/** The nightly purge of past days, as a scheduled task (app/scheduled/scheduled.server.ts). */
export const settingsScheduledTasks: ScheduledTask[] = [
  {
    name: "past closures purge",
    cron: NIGHTLY,
    run: async (env, at) =>
      `deleted ${await purgePastSettings(env, at)} closure and special-hours days past over 30 days ago`,
  },
];

// The shop's mail settings: the one accessor every email reads them through (decision 051).
export { type MailSettings, readMailSettings } from "./server/mail-settings.server";
