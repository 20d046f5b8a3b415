import type { RouterContextProvider } from "react-router";
import { getEnv, getRequestTime } from "~/http/context.server";
import type { AppEnv } from "~/http/env.server";
import { getShopSchedule } from "~/features/settings/settings.server";
import { enqueueJobs } from "~/features/notifications/notifications.server";
import { appointmentOfRequest, type AppointmentView, type BookingRules } from "./server/booking-reads.server";
import { readBookingRules, readCapacity } from "./server/settings/capacity-settings.server";
import { deliverAppointmentMessage, type SendMail } from "./server/mail/appointment-mail.server";
import { takeDueReminders, takeOverdueMessages } from "./server/reminders.server";

// What the rest of the Worker asks of appointments (the feature's public file): a service
// request's appointment for its record and the API, the queue's appointment emails, and the
// scheduled reminders.

/** The schedule and the capacity at the request's time (the settings read once per request). */
export async function bookingRulesFor(context: Readonly<RouterContextProvider>): Promise<BookingRules> {
  const now = getRequestTime(context);
  const [schedule, capacity] = await Promise.all([getShopSchedule(context, now), readCapacity(getEnv(context))]);
  return { schedule, capacity, now };
}

/** Queues the emails of ledger rows just written. */
export async function enqueueAppointmentMessages(env: Pick<AppEnv, "NOTIFY_QUEUE">, ids: readonly (number | null)[]) {
  const jobs = ids.flatMap((messageId) => (messageId === null ? [] : [{ type: "appointment" as const, messageId }]));
  if (jobs.length) await enqueueJobs(env, jobs);
}

/** What GET /api/service-requests/<id> adds to the record: its `appointment` (or null). */
export async function appointmentOfRequestJson(env: AppEnv, id: string) {
  return { appointment: appointmentJson(await appointmentOfRequest(env, id)) };
}

export function appointmentJson(view: AppointmentView | null) {
  if (!view) return null;
  const { id, date, kind, time, status, sequence, note, reminderSentAt } = view;
  return { id, date, kind, time, status, sequence, note, reminderSentAt };
}

/** The notification queue's job for one appointment email (app/features/notifications/server/delivery.server.ts). */
export async function deliverAppointmentJob(
  env: Parameters<typeof deliverAppointmentMessage>[0],
  messageId: number,
  now: Date,
  send: SendMail,
) {
  const rules = await readBookingRules(env, now);
  return deliverAppointmentMessage(env, messageId, rules.schedule, now, send);
}

/** The hourly job: tomorrow's reminders, and any appointment email the queue gave up on. */
export async function queueAppointmentReminders(env: AppEnv, scheduledTime: Date): Promise<string> {
  const rules = await readBookingRules(env, scheduledTime);
  const reminders = await takeDueReminders(env, rules.schedule, scheduledTime);
  const overdue = await takeOverdueMessages(env, scheduledTime);
  const again = overdue.filter((id) => !reminders.includes(id));
  await enqueueAppointmentMessages(env, [...reminders, ...again]);
  return `queued ${reminders.length} appointment reminders and ${again.length} appointment emails again`;
}

export type { AppointmentView };
export { type BookedOnArrival, bookedOnArrival, bookOnArrival } from "./server/on-arrival.server";
export { appointmentPanelData } from "./server/record-panel.server";
export { calendarFeedOf } from "./server/calendar-feed.server";
export { type AppointmentTally, appointmentTalliesRead } from "./server/appointment-tallies.server";
