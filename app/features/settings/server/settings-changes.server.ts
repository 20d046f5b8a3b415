import { eq } from "drizzle-orm";
import type { WeeklyHours } from "~/content/hours";
import type { AuditAction } from "~/features/audit/audit";
import { getDb } from "~/db/db.server";
import { shopClosures, shopSettings, shopSpecialHours } from "~/db/schema/settings";
import { type FederalHolidayId, federalHolidayNames } from "~/hours/federal-holidays";
import { openingHoursRows, twentyFourHour } from "~/hours/opening-hours";
import { calendarDateFormat, shopWallClock } from "~/hours/shop-calendar";
import type { StaffMember } from "../../../http/staff-member.server";
import { recordAudit } from "../../audit/audit.server";
import type { AppEnv } from "../../../http/env.server";
import { SETTINGS_ROW_ID } from "../settings.server";
import type { ClosureInput, NoticeInput, SpecialHoursInput } from "./settings-schemas.server";

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

export type ChangeOutcome =
  { ok: true; message: string } | { ok: false; status: 400 | 404; message: string; field?: string };

type Who = { member: StaffMember; client: string; at: Date };

const spelled = calendarDateFormat({ weekday: "long", month: "long", day: "numeric", year: "numeric" });

async function upsertSettings(env: AppEnv, values: Partial<typeof shopSettings.$inferInsert>) {
  await getDb(env)
    .insert(shopSettings)
    .values({ id: SETTINGS_ROW_ID, ...values })
    .onConflictDoUpdate({ target: shopSettings.id, set: values });
}

async function audit(env: AppEnv, who: Who, action: AuditAction, target: string, detail: Record<string, string>) {
  await recordAudit(env, {
    actor: { id: who.member.id, name: who.member.username },
    action,
    target,
    detail,
    client: who.client,
    at: who.at,
  });
}

async function dayIsTaken(env: AppEnv, table: typeof shopClosures | typeof shopSpecialHours, date: string) {
  const rows = await getDb(env).select({ date: table.date }).from(table).where(eq(table.date, date));
  return rows.length > 0;
}

export async function applySettingsChange(env: AppEnv, change: SettingsChange, who: Who): Promise<ChangeOutcome> {
  const db = getDb(env);
  const today = shopWallClock(who.at).date;
  switch (change.kind) {
    case "weekly-hours": {
      await upsertSettings(env, { weeklyHours: change.week });
      const summary = openingHoursRows(change.week)
        .map((row) => `${row.days}: ${row.hours}`)
        .join(", ");
      await audit(env, who, "settings.hours", "weekly-hours", { hours: summary });
      return { ok: true, message: `The weekly hours are now ${summary}.` };
    }
    case "closure.add": {
      const { date, reason } = change.closure;
      if (await dayIsTaken(env, shopSpecialHours, date)) {
        return refused("date", `${spelled(date)} has special hours. Remove them first to close that day.`);
      }
      const added = await db
        .insert(shopClosures)
        .values({ date, reason, createdAt: who.at, createdBy: who.member.username })
        .onConflictDoNothing()
        .returning({ date: shopClosures.date });
      if (!added.length) return refused("date", `${spelled(date)} is already a closure day.`);
      await audit(env, who, "settings.closure.add", date, { date, reason });
      return { ok: true, message: `Closed on ${spelled(date)}: ${reason}.` };
    }
    case "closure.remove": {
      if (change.date < today) return refused("date", "Past closure days are kept as history.");
      const removed = await db
        .delete(shopClosures)
        .where(eq(shopClosures.date, change.date))
        .returning({ reason: shopClosures.reason });
      if (!removed.length) return { ok: false, status: 404, message: "There is no closure on that date." };
      await audit(env, who, "settings.closure.remove", change.date, {
        date: change.date,
        reason: removed[0]?.reason ?? "",
      });
      return { ok: true, message: `${spelled(change.date)} is no longer a closure day.` };
    }
    case "special-hours.add": {
      const { date, opens, closes, reason } = change.entry;
      if (await dayIsTaken(env, shopClosures, date)) {
        return refused("date", `${spelled(date)} is a closure day. Remove the closure first to open that day.`);
      }
      const added = await db
        .insert(shopSpecialHours)
        .values({
          date,
          opens: twentyFourHour(opens),
          closes: twentyFourHour(closes),
          reason,
          createdAt: who.at,
          createdBy: who.member.username,
        })
        .onConflictDoNothing()
        .returning({ date: shopSpecialHours.date });
      if (!added.length) return refused("date", `${spelled(date)} already has special hours. Remove them first.`);
      const hours = `${twentyFourHour(opens)}-${twentyFourHour(closes)}`;
      await audit(env, who, "settings.special-hours.add", date, { date, hours, reason });
      return { ok: true, message: `Special hours on ${spelled(date)}: ${reason}.` };
    }
    case "special-hours.remove": {
      if (change.date < today) return refused("date", "Past special hours are kept as history.");
      const removed = await db
        .delete(shopSpecialHours)
        .where(eq(shopSpecialHours.date, change.date))
        .returning({ reason: shopSpecialHours.reason });
      if (!removed.length) return { ok: false, status: 404, message: "There are no special hours on that date." };
      await audit(env, who, "settings.special-hours.remove", change.date, { date: change.date });
      return { ok: true, message: `${spelled(change.date)} keeps its usual hours again.` };
    }
    case "holidays": {
      await upsertSettings(env, { closedHolidays: change.closed });
      const names = change.closed.map((id) => federalHolidayNames[id]).join(", ") || "none";
      await audit(env, who, "settings.holidays", "holidays", { closed: names });
      return { ok: true, message: `Closed on these holidays: ${names}.` };
    }
    case "notice.set": {
      const { text, startsAt, endsAt } = change.notice;
      await upsertSettings(env, { noticeText: text, noticeStartsAt: startsAt, noticeEndsAt: endsAt });
      await audit(env, who, "settings.notice.set", "notice", {
        text,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
      });
      return { ok: true, message: "The notice is saved." };
    }
    case "notice.clear": {
      await upsertSettings(env, { noticeText: null, noticeStartsAt: null, noticeEndsAt: null });
      await audit(env, who, "settings.notice.clear", "notice", {});
      return { ok: true, message: "The notice is removed." };
    }
    default: {
      const unknown: never = change;
      throw new Error(`Unknown settings change ${JSON.stringify(unknown)}`);
    }
  }
}

function refused(field: string, message: string): ChangeOutcome {
  return { ok: false, status: 400, field, message };
}
