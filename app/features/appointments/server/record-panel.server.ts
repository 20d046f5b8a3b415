import type { RouterContextProvider } from "react-router";
import { recordPath } from "~/records/kinds";
import { getEnv } from "~/http/context.server";
import { readPostedForm } from "~/http/request-body.server";
import { NO_STORE } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { linkSecret } from "~/keys/keys.server";
import { absoluteSiteUrl } from "~/http/site-url.server";
import { redirectWithToast } from "~/http/toast.server";
import { enqueueAppointmentMessages } from "./mail/appointment-mail.server";
import { bookingRulesFor } from "./settings/capacity-settings.server";
import { parsePlaceValue } from "../capacity";
import { appointmentKindLabels } from "../vocabulary";
import { lastCustomerEmail, whenInWords } from "./mail/appointment-mail.server";
import { appointmentById, appointmentOfRequest, daysWithRoom } from "./booking-reads.server";
import { bookAppointment, cancelAppointment, rescheduleAppointment } from "./booking.server";
import type { PlaceRefusal } from "./place-rules.server";
import { customerPath, customerTokenOf } from "./customer-link.server";

// The appointment on a service request's page: what it shows (the appointment, or the days and
// places with room, the customer's preferred day first) and its forms (book, move, cancel), plain
// posts to /incoming/service-requests/<id>/appointment that answer with a redirect back and a toast.

const FORM_LIMIT_BYTES = 4 * 1024;
/** How many days with room the booking form offers. */
const DAYS_OFFERED = 14;

export async function appointmentPanelData(
  context: Readonly<RouterContextProvider>,
  requestId: string,
  preferredDate: string | null,
) {
  const env = getEnv(context);
  const rules = await bookingRulesFor(context);
  const appointment = await appointmentOfRequest(env, requestId);
  const live = appointment && appointment.status !== "cancelled" ? appointment : null;
  const [days, lastEmail, link] = await Promise.all([
    live && live.status !== "confirmed"
      ? Promise.resolve([])
      : daysWithRoom(env, rules, {
          limit: DAYS_OFFERED,
          first: live ? null : preferredDate,
          except: live ?? undefined,
        }),
    appointment ? lastCustomerEmail(env, appointment.id) : Promise.resolve(null),
    live ? rowLink(env, live.id) : Promise.resolve(null),
  ]);
  const capacitySet = rules.capacity.dropOffsPerDay > 0 || rules.capacity.waiterSlots.length > 0;
  return {
    appointment: appointment
      ? {
          ...appointment,
          when: whenInWords(appointment, rules.schedule),
          kindLabel: appointmentKindLabels[appointment.kind],
        }
      : null,
    live: live !== null,
    preferredDate,
    days,
    capacitySet,
    lastEmail,
    customerLink: link,
  };
}

async function rowLink(env: ReturnType<typeof getEnv>, id: string): Promise<string | null> {
  const row = await appointmentById(env, id);
  return row ? absoluteSiteUrl(env, customerPath(await customerTokenOf(linkSecret(env), row))) : null;
}

export type AppointmentPanelData = Awaited<ReturnType<typeof appointmentPanelData>>;

function refusalToast({ refusal }: PlaceRefusal) {
  const nextDays = refusal.extra?.nextDays ?? [];
  const next = nextDays.length ? ` Next days with room: ${nextDays.map((day) => day.date).join(", ")}.` : "";
  return { title: "Not booked", description: `${refusal.message}${next}`, variant: "destructive" as const };
}

/** The record page's appointment forms: intent `book`, `move` or `cancel`. */
export async function handleAppointmentForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  requestId: string,
) {
  const env = getEnv(context);
  const back = `${recordPath("serviceRequest", requestId)}#appointment`;
  const posted = await readPostedForm(request, { limitBytes: FORM_LIMIT_BYTES, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  const intent = form.get("intent");
  const acting = actingMember(request, context);
  const rules = await bookingRulesFor(context);
  if (intent === "book") {
    const note = form.get("note");
    const booked = await bookAppointment(
      env,
      rules,
      requestId,
      { ...parsePlaceValue(form.get("place")), note },
      acting,
    );
    if (!booked.ok) return redirectWithToast(env, back, refusalToast(booked));
    await enqueueAppointmentMessages(env, [booked.messageId]);
    return redirectWithToast(env, back, {
      title: "Appointment booked",
      description: whenInWords(booked.appointment, rules.schedule),
    });
  }
  const current = await appointmentOfRequest(env, requestId);
  if (!current || current.status === "cancelled") {
    return redirectWithToast(env, back, {
      title: "Nothing changed",
      description: "This request has no appointment.",
      variant: "destructive",
    });
  }
  const who = { acting, byCustomer: false };
  if (intent === "move") {
    const moved = await rescheduleAppointment(env, rules, current, parsePlaceValue(form.get("place")), who);
    if (!moved.ok) return redirectWithToast(env, back, refusalToast(moved));
    await enqueueAppointmentMessages(env, moved.messageIds);
    return redirectWithToast(env, back, {
      title: "Appointment moved",
      description: whenInWords(moved.appointment, rules.schedule),
    });
  }
  if (intent === "cancel") {
    const cancelled = await cancelAppointment(env, current, who);
    if (!cancelled.ok) return redirectWithToast(env, back, refusalToast(cancelled));
    await enqueueAppointmentMessages(env, cancelled.messageIds);
    return redirectWithToast(env, back, {
      title: "Appointment cancelled",
      description: "The customer is told by email.",
    });
  }
  return redirectWithToast(env, back, {
    title: "Nothing changed",
    description: "This form could not be read. Please reload the page and try again.",
    variant: "destructive",
  });
}
