import { and, eq, sql } from "drizzle-orm";
import { shop } from "~/content/shop";
import { getDb } from "~/db/db.server";
import { type Appointment, type AppointmentMessage, appointmentMessages, appointments } from "~/db/schema/appointments";
import { type ServiceRequest, serviceRequests } from "~/db/schema/inbox";
import { calendarDateFormat, shopWallClock } from "~/hours/shop-calendar";
import { hoursOn, type ShopSchedule } from "~/hours/shop-schedule";
import { recordPath } from "~/records/kinds";
import { type AppEnv, isMailAddress } from "~/http/env.server";
import { linkSecret } from "~/keys/keys.server";
import { absoluteSiteUrl } from "~/http/site-url.server";
import { htmlLink, htmlPage, shopSender } from "~/mail/html.server";
import { type BuiltMail, deliverClaimedEmail, heldColumns, type SendMail } from "~/mail/claimed-delivery.server";
import { domainOf, escapeHtml, type OutgoingMail, singleLine } from "~/mail/mime.server";
import { formatSlotTime } from "../../capacity";
import type { AppointmentMessagePurpose } from "../../vocabulary";
import { appointmentStart } from "../booking-reads.server";
import { appointmentCalendarFile, DROP_OFF_WINDOW_MINUTES, methodOf } from "./calendar-file.server";
import { readBookingOptions } from "../settings/booking-options.server";
import { customerPath, customerTokenOf } from "../customer-link.server";
import { buildReviewMail } from "./review-mail.server";
import { readMailSettings } from "~/features/settings/settings.server";
import { z } from "~/forms/zod";
import { sendToEach } from "~/mail/send.server";
import { enqueueJobs, type JobHandlers, outcomeOf } from "~/queue/jobs.server";
import { readBookingRules } from "../settings/capacity-settings.server";

// The emails about an appointment, each a row of the appointment_messages ledger sent through the
// notification queue (docs/decisions/030-notifications.md): the job names the row, the consumer
// claims it, builds the email from what D1 holds now and records the outcome. An email made for an
// older sequence than the appointment's is superseded (a quicker change followed it) and is not
// sent: the customer's calendar only ever gets the appointment as it is.

type MailEnv = Pick<
  AppEnv,
  "DB" | "NOTIFY_FROM" | "NOTIFY_TO" | "SITE_URL" | "CONFIRM_VISITOR" | "SESSION_SECRET" | "LINK_SECRET"
>;

/** The queue's job for one email about an appointment: a row of its ledger. */
const appointmentJobSchema = z.object({ type: z.literal("appointment"), messageId: z.number().int().positive() });

declare module "~/queue/jobs.server" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging takes an interface
  interface QueuedJobs {
    appointment: z.infer<typeof appointmentJobSchema>;
  }
}

/** Queues the emails of ledger rows just written. */
export async function enqueueAppointmentMessages(env: Pick<AppEnv, "NOTIFY_QUEUE">, ids: readonly (number | null)[]) {
  const jobs = ids.flatMap((messageId) => (messageId === null ? [] : [{ type: "appointment" as const, messageId }]));
  if (jobs.length) await enqueueJobs(env, jobs);
}

const spelled = calendarDateFormat({ weekday: "long", month: "long", day: "numeric", year: "numeric" });

const clock = (minutes: number) =>
  formatSlotTime(`${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`);

/** "Tuesday, December 1, 2026 at 8:00 AM (wait while we work)" or "… drop-off between 8:00 and 10:00 AM". */
export function whenInWords(row: Pick<Appointment, "date" | "kind" | "time">, schedule: ShopSchedule): string {
  if (row.kind === "waiter" && row.time)
    return `${spelled(row.date)} at ${formatSlotTime(row.time)} (you wait while we work)`;
  const day = hoursOn(schedule, row.date);
  const opens = day.open ? day.opens.hour * 60 + day.opens.minute : 8 * 60;
  return `${spelled(row.date)}, drop-off between ${clock(opens)} and ${clock(opens + DROP_OFF_WINDOW_MINUTES)}`;
}

const WHAT_TO_BRING = "Please bring your keys (and any wheel-lock key), and tell us about any warning lights.";

// A customer's email is worth sending only while it is still timely and true: one still unsent a
// day after it was due (the mail service kept failing, the queue and the sweep kept retrying), or a
// reminder on or after its appointment's day (it says "tomorrow"), is settled as not sent, which
// the record's appointment panel shows. The shop's own emails ("shop-change") have no such limit.
export const CUSTOMER_EMAIL_MAX_AGE_MS = 24 * 60 * 60_000;

function tooLate(message: AppointmentMessage, row: Appointment, now: Date): string | null {
  if (message.purpose === "reminder") {
    const today = shopWallClock(now).date;
    if (today === row.date) return "not sent: too late for a reminder, the appointment is today";
    if (today > row.date) return "not sent: too late for a reminder, the appointment has passed";
  }
  if (now.getTime() - message.dueAt.getTime() > CUSTOMER_EMAIL_MAX_AGE_MS) {
    return "not sent: still failing a day after it was due";
  }
  return null;
}

async function buildMail(
  env: MailEnv,
  message: AppointmentMessage,
  row: Appointment,
  request: ServiceRequest,
  schedule: ShopSchedule,
  now: Date,
): Promise<BuiltMail> {
  const purpose: AppointmentMessagePurpose = message.purpose;
  const late = purpose === "shop-change" ? null : tooLate(message, row, now);
  if (late) return { skip: late };
  const settings = await readMailSettings(env);
  const from = shopSender(env.NOTIFY_FROM);
  const messageId = `appointment.${purpose}.${message.id}@${domainOf(env.NOTIFY_FROM)}`;
  if (purpose === "review") {
    return buildReviewMail(env, row, request, await readBookingOptions(env), { messageId, now, mail: settings });
  }
  const when = whenInWords(row, schedule);
  if (purpose === "shop-change") {
    const link = absoluteSiteUrl(env, recordPath("serviceRequest", row.serviceRequestId));
    const name = singleLine(`${request.firstName} ${request.lastName}`);
    const what = row.status === "cancelled" ? `cancelled their appointment` : `moved their appointment to ${when}`;
    const text = `${name} ${what}, from the link in their email.\n\n${link}`;
    return {
      mail: {
        from,
        to: settings.recipients,
        subject: `Appointment ${row.status === "cancelled" ? "cancelled" : "moved"} by ${name}`,
        text,
        html: htmlPage(
          `<p>${escapeHtml(`${name} ${what}, from the link in their email.`)}</p><p>${htmlLink(link, "Open the request")}</p>`,
        ),
        date: now,
        messageId,
      },
    };
  }
  // Staff caused this email (a booking, a move, a cancellation, a reminder of one): it always goes.
  // The visitor-confirmation switch governs only the automatic acknowledgement of a public form.
  if (!isMailAddress(request.email))
    return { skip: "not sent: the customer's address cannot be written into a header" };
  if (message.sequence !== row.sequence) return { skip: "superseded by a later change" };
  if (purpose === "reminder" && row.status !== "confirmed")
    return { skip: "not sent: the appointment is no longer confirmed" };
  const manageUrl = absoluteSiteUrl(env, customerPath(await customerTokenOf(linkSecret(env), row)));
  const cancelled = row.status === "cancelled";
  const firstName = singleLine(request.firstName);
  const { subject, lead } = {
    confirmation: { subject: `Your appointment: ${spelled(row.date)}`, lead: `Your appointment is booked: ${when}.` },
    update: { subject: `Your appointment has moved: ${spelled(row.date)}`, lead: `Your appointment is now ${when}.` },
    cancellation: {
      subject: `Your appointment on ${spelled(row.date)} is cancelled`,
      lead: `Your appointment on ${spelled(row.date)} is cancelled. Book again any time.`,
    },
    reminder: {
      subject: `Reminder: your appointment tomorrow, ${spelled(row.date)}`,
      lead: `A reminder: your appointment is tomorrow, ${when}.`,
    },
  }[purpose];
  const paragraphs = [
    `Hi ${firstName},`,
    lead,
    ...(cancelled ? [] : [`Where: ${shop.name}, ${shop.location}. Phone: ${shop.phone.display}.`, WHAT_TO_BRING]),
    cancelled ? `Questions? Call us at ${shop.phone.display}.` : `To move or cancel it: ${manageUrl}`,
    shop.name,
  ];
  const method = methodOf(cancelled);
  const ics = appointmentCalendarFile({
    id: row.id,
    kind: row.kind,
    start: appointmentStart(schedule, row),
    sequence: row.sequence,
    cancelled,
    organizer: env.NOTIFY_FROM,
    attendee: { email: request.email, name: singleLine(`${request.firstName} ${request.lastName}`) },
    manageUrl,
    now,
  });
  const replyAddress = settings.recipients[0];
  const html = paragraphs
    .map((paragraph) =>
      paragraph.endsWith(manageUrl)
        ? `<p style="margin:0 0 12px">${htmlLink(manageUrl, "Move or cancel your appointment")}</p>`
        : `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`,
    )
    .join("");
  return {
    mail: {
      from,
      to: [request.email],
      ...(replyAddress ? { replyTo: shopSender(replyAddress) } : {}),
      subject: `${subject} — ${shop.name}`,
      text: paragraphs.join("\n\n"),
      html: htmlPage(html),
      date: now,
      messageId,
      attachments: [
        {
          filename: cancelled ? "cancelled.ics" : "appointment.ics",
          contentType: `text/calendar; method=${method}; charset=UTF-8`,
          content: ics,
        },
      ],
    },
  };
}

/**
 * The queue's job for one ledger row: claimed (so two consumers never send it twice), built from
 * D1 as it is now, sent, recorded. Returns the errors the send reported (retried by the queue).
 */
export async function deliverAppointmentMessage(
  env: MailEnv,
  messageId: number,
  schedule: ShopSchedule,
  now: Date,
  send: SendMail,
): Promise<{ errors: string[] }> {
  const db = getDb(env);
  return deliverClaimedEmail(
    db,
    appointmentMessages,
    messageId,
    now,
    send,
    heldColumns(appointmentMessages, now),
    async (claimed) => {
      const [found] = await db
        .select({ appointment: appointments, request: serviceRequests })
        .from(appointments)
        .innerJoin(serviceRequests, eq(serviceRequests.id, appointments.serviceRequestId))
        .where(eq(appointments.id, claimed.appointmentId));
      if (!found) return { skip: "not sent: the request was deleted" };
      return buildMail(env, claimed, found.appointment, found.request, schedule, now);
    },
  );
}

/** What the record page says of the last email to the customer. */
export async function lastCustomerEmail(env: Pick<AppEnv, "DB">, appointmentId: string) {
  const [row] = await getDb(env)
    .select()
    .from(appointmentMessages)
    .where(
      and(eq(appointmentMessages.appointmentId, appointmentId), sql`${appointmentMessages.purpose} <> 'shop-change'`),
    )
    .orderBy(sql`${appointmentMessages.id} desc`)
    .limit(1);
  return row ? { purpose: row.purpose, sentAt: row.sentAt, lastError: row.lastError } : null;
}

/** The queue's handler for the appointment emails, sent as the shop's schedule reads when it runs. */
export const appointmentJobHandlers = {
  appointment: {
    schema: appointmentJobSchema,
    run: async (env, job, { now }) => {
      const rules = await readBookingRules(env, now);
      const send = (mail: OutgoingMail) => sendToEach(env.NOTIFY_EMAIL, mail);
      return outcomeOf(await deliverAppointmentMessage(env, job.messageId, rules.schedule, now, send));
    },
  },
} satisfies Pick<JobHandlers, "appointment">;
