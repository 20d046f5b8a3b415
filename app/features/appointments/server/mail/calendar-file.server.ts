import { shop } from "~/content/shop";
import type { AppointmentKind } from "../../vocabulary";
import { type IcsEvent, icsCalendar } from "../icalendar.server";

// The .ics attached to every email the customer gets about an appointment
// (docs/decisions/044-the-calendar-file.md), written by ../icalendar.server.ts (decision 061): RFC
// 5545 and the iTIP methods of RFC 5546. One UID per appointment for its whole life, so a calendar
// updates the event it has rather than adding a second; SEQUENCE is the appointment's own, raised
// by every change; the shop is the ORGANIZER, which Outlook needs to apply an update; times are in
// UTC (the instant the shop's clock in America/New_York shows), which every client converts to its
// own zone.

/** How long a waiter's visit is shown in their calendar; a drop-off shows its window. */
export const WAITER_MINUTES = 60;
export const DROP_OFF_WINDOW_MINUTES = 120;

export type CalendarMethod = "REQUEST" | "CANCEL";

export type CalendarFileInput = {
  id: string;
  kind: AppointmentKind;
  start: Date;
  sequence: number;
  cancelled: boolean;
  /** The shop's sending address: the organizer. */
  organizer: string;
  /** The customer: the one attendee. */
  attendee: { email: string; name: string };
  /** The customer's link, to move or cancel it. */
  manageUrl: string;
  /** DTSTAMP: when this copy was made. */
  now: Date;
};

/** The event's UID: never changes for one appointment, whatever address the shop mails from. */
export const calendarUid = (id: string) => `appointment-${id}@pikesville-family-auto-repair`;

export const methodOf = (cancelled: boolean): CalendarMethod => (cancelled ? "CANCEL" : "REQUEST");

export function appointmentCalendarFile(input: CalendarFileInput): string {
  const minutes = input.kind === "waiter" ? WAITER_MINUTES : DROP_OFF_WINDOW_MINUTES;
  const end = new Date(input.start.getTime() + minutes * 60_000);
  const event: IcsEvent = {
    uid: calendarUid(input.id),
    stamp: input.now,
    start: input.start,
    end,
    sequence: input.sequence,
    status: input.cancelled ? "CANCELLED" : "CONFIRMED",
    summary: input.kind === "waiter" ? `Car service at ${shop.name} (waiting)` : `Drop off your car at ${shop.name}`,
    location: `${shop.name}, ${shop.location}`,
    description: `To move or cancel: ${input.manageUrl}\nQuestions: ${shop.phone.display}`,
    url: input.manageUrl,
    organizer: { name: shop.name, email: input.organizer },
    attendees: [{ email: input.attendee.email, name: input.attendee.name, partstat: "ACCEPTED", rsvp: false }],
  };
  return icsCalendar({
    prodId: `-//${shop.name}//Appointments//EN`,
    method: methodOf(input.cancelled),
    events: [event],
  });
}
