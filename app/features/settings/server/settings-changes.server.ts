import { eq } from "drizzle-orm";
import type { WeeklyHours } from "~/content/hours";
import type { AuditAction } from "~/features/audit/audit";
import { type Database, getDb } from "~/db/db.server";
import { shopClosures, shopSettings, shopSpecialHours } from "~/db/schema/settings";
import { type FederalHolidayId, federalHolidayNames } from "~/hours/federal-holidays";
import { openingHoursRows, twentyFourHour } from "~/hours/opening-hours";
import { calendarDateFormat, shopWallClock } from "~/hours/shop-calendar";
import type { Acting } from "../../../http/staff-member.server";
import { AUDIT_IF_CHANGED, auditInsertIf } from "../../audit/audit.server";
import type { AppEnv } from "../../../http/env.server";
import { SETTINGS_ROW_ID } from "../settings.server";
import type { z } from "~/forms/zod";
import { type Refused, refused as refusal } from "~/http/outcome.server";
import {
  type ClosureInput,
  closureSchemaAt,
  holidaysSchema,
  type NoticeInput,
  noticeSchemaAt,
  type SpecialHoursInput,
  specialHoursSchemaAt,
  weeklyHoursSchema,
} from "./settings-schemas.server";

// Every change an owner makes to the shop's hours, for the settings page and the owners' API
// alike: stored, audited with who made it, and answered in words for the owner.

export type SettingsChange =
  | { kind: "weekly-hours"; week: WeeklyHours }
  | { kind: "closure.add"; closure: ClosureInput }
  | { kind: "closure.remove"; date: string }
  | { kind: "special-hours.add"; entry: SpecialHoursInput }
  | { kind: "special-hours.remove"; date: string }
  | { kind: "holidays"; closed: FederalHolidayId[] }
  | { kind: "notice.set"; notice: NoticeInput }
  | { kind: "notice.clear" };

/** The changes that carry the owner's input; the others name only a date, or nothing. */
export type ChangeWithInput = "weekly-hours" | "closure.add" | "special-hours.add" | "holidays" | "notice.set";

const changeSchemas: Record<ChangeWithInput, (now: Date) => z.ZodType<SettingsChange>> = {
  "weekly-hours": () => weeklyHoursSchema.transform((week) => ({ kind: "weekly-hours", week })),
  "closure.add": (now) => closureSchemaAt(now).transform((closure) => ({ kind: "closure.add", closure })),
  "special-hours.add": (now) => specialHoursSchemaAt(now).transform((entry) => ({ kind: "special-hours.add", entry })),
  holidays: () => holidaysSchema.transform(({ closed }) => ({ kind: "holidays", closed })),
  "notice.set": (now) => noticeSchemaAt(now).transform((notice) => ({ kind: "notice.set", notice })),
};

/**
 * What the owner sends for a change that carries input, read into that change: one schema per
 * change for the settings page's forms and the owners' API alike. `now` bounds the dates.
 */
export const changeSchemaAt = (kind: ChangeWithInput, now: Date) => changeSchemas[kind](now);

export type ChangeOutcome = { ok: true; message: string } | Refused;

const spelled = calendarDateFormat({ weekday: "long", month: "long", day: "numeric", year: "numeric" });

function upsertSettings(db: Database, values: Partial<typeof shopSettings.$inferInsert>) {
  return db
    .insert(shopSettings)
    .values({ id: SETTINGS_ROW_ID, ...values })
    .onConflictDoUpdate({ target: shopSettings.id, set: values });
}

async function dayIsTaken(db: Database, table: typeof shopClosures | typeof shopSpecialHours, date: string) {
  const rows = await db.select({ date: table.date }).from(table).where(eq(table.date, date));
  return rows.length > 0;
}

export async function applySettingsChange(env: AppEnv, change: SettingsChange, acting: Acting): Promise<ChangeOutcome> {
  const db = getDb(env);
  const today = shopWallClock(acting.at).date;
  const by = acting.actor?.name ?? "";
  // The entry of this change, made when the statement before it in the batch changed a row.
  const entry = (action: AuditAction, target: string, detail: Record<string, string>) =>
    auditInsertIf(db, { ...acting, action, target, detail }, AUDIT_IF_CHANGED);
  switch (change.kind) {
    case "weekly-hours": {
      const summary = openingHoursRows(change.week)
        .map((row) => `${row.days}: ${row.hours}`)
        .join(", ");
      await db.batch([
        upsertSettings(db, { weeklyHours: change.week }),
        entry("settings.hours", "weekly-hours", { hours: summary }),
      ]);
      return { ok: true, message: `The weekly hours are now ${summary}.` };
    }
    case "closure.add": {
      const { date, reason } = change.closure;
      if (await dayIsTaken(db, shopSpecialHours, date)) {
        return refused("date", `${spelled(date)} has special hours. Remove them first to close that day.`);
      }
      const [added] = await db.batch([
        db
          .insert(shopClosures)
          .values({ date, reason, createdAt: acting.at, createdBy: by })
          .onConflictDoNothing()
          .returning({ date: shopClosures.date }),
        entry("settings.closure.add", date, { date, reason }),
      ]);
      if (!added.length) return refused("date", `${spelled(date)} is already a closure day.`);
      return { ok: true, message: `Closed on ${spelled(date)}: ${reason}.` };
    }
    case "closure.remove": {
      if (change.date < today) return refused("date", "Past closure days are kept as history.");
      const [closure] = await db.select().from(shopClosures).where(eq(shopClosures.date, change.date));
      const [removed] = closure
        ? await db.batch([
            db
              .delete(shopClosures)
              .where(eq(shopClosures.date, change.date))
              .returning({ reason: shopClosures.reason }),
            entry("settings.closure.remove", change.date, { date: change.date, reason: closure.reason }),
          ])
        : [[]];
      if (!removed.length) return refusal("not-found", "There is no closure on that date.", { fieldErrors: {} });
      return { ok: true, message: `${spelled(change.date)} is no longer a closure day.` };
    }
    case "special-hours.add": {
      const { date, opens, closes, reason } = change.entry;
      if (await dayIsTaken(db, shopClosures, date)) {
        return refused("date", `${spelled(date)} is a closure day. Remove the closure first to open that day.`);
      }
      const hours = `${twentyFourHour(opens)}-${twentyFourHour(closes)}`;
      const [added] = await db.batch([
        db
          .insert(shopSpecialHours)
          .values({
            date,
            opens: twentyFourHour(opens),
            closes: twentyFourHour(closes),
            reason,
            createdAt: acting.at,
            createdBy: by,
          })
          .onConflictDoNothing()
          .returning({ date: shopSpecialHours.date }),
        entry("settings.special-hours.add", date, { date, hours, reason }),
      ]);
      if (!added.length) return refused("date", `${spelled(date)} already has special hours. Remove them first.`);
      return { ok: true, message: `Special hours on ${spelled(date)}: ${reason}.` };
    }
    case "special-hours.remove": {
      if (change.date < today) return refused("date", "Past special hours are kept as history.");
      const [removed] = await db.batch([
        db
          .delete(shopSpecialHours)
          .where(eq(shopSpecialHours.date, change.date))
          .returning({ reason: shopSpecialHours.reason }),
        entry("settings.special-hours.remove", change.date, { date: change.date }),
      ]);
      if (!removed.length) return refusal("not-found", "There are no special hours on that date.", { fieldErrors: {} });
      return { ok: true, message: `${spelled(change.date)} keeps its usual hours again.` };
    }
    case "holidays": {
      const names = change.closed.map((id) => federalHolidayNames[id]).join(", ") || "none";
      await db.batch([
        upsertSettings(db, { closedHolidays: change.closed }),
        entry("settings.holidays", "holidays", { closed: names }),
      ]);
      return { ok: true, message: `Closed on these holidays: ${names}.` };
    }
    case "notice.set": {
      const { text, startsAt, endsAt } = change.notice;
      await db.batch([
        upsertSettings(db, { noticeText: text, noticeStartsAt: startsAt, noticeEndsAt: endsAt }),
        entry("settings.notice.set", "notice", {
          text,
          startsAt: startsAt.toISOString(),
          endsAt: endsAt.toISOString(),
        }),
      ]);
      return { ok: true, message: "The notice is saved." };
    }
    case "notice.clear": {
      await db.batch([
        upsertSettings(db, { noticeText: null, noticeStartsAt: null, noticeEndsAt: null }),
        entry("settings.notice.clear", "notice", {}),
      ]);
      return { ok: true, message: "The notice is removed." };
    }
    default: {
      const unknown: never = change;
      throw new Error(`Unknown settings change ${JSON.stringify(unknown)}`);
    }
  }
}

function refused(field: string, message: string): ChangeOutcome {
  return refusal("invalid", message, { fieldErrors: { [field]: [message] } });
}
