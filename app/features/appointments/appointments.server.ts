import type { AppEnv } from "~/http/env.server";
import { enqueueAppointmentMessages } from "./server/mail/appointment-mail.server";
import { readBookingRules } from "./server/settings/capacity-settings.server";
import { takeDueReminders, takeOverdueMessages } from "./server/reminders.server";
import type { ScheduledTask } from "~/scheduled/scheduled.server";

// What the rest of the Worker asks of appointments (the feature's public file): a service
// request's appointment for its record and the API, the queue's handler for the appointment
// emails (which workers/app.ts hands to the consumer), and the scheduled reminders.

/** The hourly job: tomorrow's reminders, and any appointment email the queue gave up on. */
export async function queueAppointmentReminders(env: AppEnv, scheduledTime: Date): Promise<string> {
  const rules = await readBookingRules(env, scheduledTime);
  const reminders = await takeDueReminders(env, rules.schedule, scheduledTime);
  const overdue = await takeOverdueMessages(env, scheduledTime);
  const again = overdue.filter((id) => !reminders.includes(id));
  await enqueueAppointmentMessages(env, [...reminders, ...again]);
  return `queued ${reminders.length} appointment reminders and ${again.length} appointment emails again`;
}

/**
 * Every hour at :15: the reminder the day before each appointment (from 10 AM to 8 PM shop time),
 * and any appointment email still unsent (app/features/appointments/server/reminders.server.ts).
 */
export const appointmentScheduledTasks: ScheduledTask[] = [
  { name: "appointment reminders", cron: "15 * * * *", run: queueAppointmentReminders },
];

export type { AppointmentView } from "./server/booking-reads.server";
export { appointmentJobHandlers } from "./server/mail/appointment-mail.server";
export { appointmentOfRequestJson } from "./server/appointments-api.server";
export { type BookedOnArrival, bookedOnArrival, bookOnArrival } from "./server/on-arrival.server";
export { appointmentPanelData } from "./server/record-panel.server";
export { calendarFeedOf } from "./server/calendar-feed.server";
export { type AppointmentTally, appointmentTalliesRead } from "./server/appointment-tallies.server";
export {
  type BookedOnline,
  bookOnline,
  checkOnlinePlace,
  type OnlinePlace,
  type OnlineRefusal,
  type RequestFirst,
} from "./server/online/online-booking.server";
export { refuse as refuseBookingField } from "./server/place-rules.server";
export { bookingPageOpenings } from "./server/online/availability.server";
export { onlineBookingOpen } from "./server/online/online-settings.server";
export {
  type BookingWeek,
  bookingViewFor,
  bookingViewPosted,
  postedBookingView,
  readBookingWeeks,
} from "./server/online/booking-funnel.server";
export type { OnlineDay } from "./server/online/online-openings.server";
export { joinWaitlist, waitlistJobHandlers } from "./server/online/waitlist.server";
