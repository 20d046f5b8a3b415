import { and, asc, eq, isNull, lt } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { appointmentMessages, appointments } from "~/db/schema/appointments";
import { addDays, shopWallClock } from "~/hours/shop-calendar";
import { hoursOn, type ShopSchedule } from "~/hours/shop-schedule";
import type { AppEnv } from "~/http/env.server";
import { SWEEP_GRACE_MS, unclaimedAt } from "~/mail/send-claim.server";
import { appointmentMessagesWhere } from "./booking-statements.server";

// The reminder the day before (an hourly Cron Trigger, app/scheduled/scheduled.server.ts): every
// confirmed appointment tomorrow (shop time) that has had none gets one, from 10 AM to 8 PM the
// day before, never on a day the shop is closed. One batch writes the ledger row and marks the
// appointment reminded, so two runs never remind twice; a reschedule clears the mark (and raises
// the sequence), which arms the reminder again. Sent through the notification queue.

/** The shop's hours in which reminders go out, the day before. */
const FIRST_HOUR = 10;
const LAST_HOUR = 20;
const SWEEP_LIMIT = 100;

/** Writes tomorrow's reminders' ledger rows; returns their ids, for the queue. */
export async function takeDueReminders(env: Pick<AppEnv, "DB">, schedule: ShopSchedule, now: Date): Promise<number[]> {
  const clock = shopWallClock(now);
  const hour = Math.floor(clock.minutes / 60);
  if (hour < FIRST_HOUR || hour >= LAST_HOUR) return [];
  const tomorrow = addDays(clock.date, 1);
  if (!hoursOn(schedule, tomorrow).open) return [];
  const db = getDb(env);
  const due = and(
    eq(appointments.date, tomorrow),
    eq(appointments.status, "confirmed"),
    isNull(appointments.reminderSentAt),
  );
  const [written] = await db.batch([
    appointmentMessagesWhere(db, "reminder", now, due),
    db.update(appointments).set({ reminderSentAt: now }).where(due),
  ]);
  return written.map((row) => row.id);
}

/** Ledger rows still unsent well after they were due (the queue gave up, or the Worker died). */
export async function takeOverdueMessages(env: Pick<AppEnv, "DB">, now: Date): Promise<number[]> {
  const m = appointmentMessages;
  const rows = await getDb(env)
    .select({ id: m.id })
    .from(m)
    .where(
      and(isNull(m.sentAt), lt(m.dueAt, new Date(now.getTime() - SWEEP_GRACE_MS)), unclaimedAt(m.claimedUntil, now)),
    )
    .orderBy(asc(m.dueAt))
    .limit(SWEEP_LIMIT);
  return rows.map((row) => row.id);
}
