import { eq } from "drizzle-orm";
import { data, redirect, type RouterContextProvider } from "react-router";
import { shop } from "~/content/shop";
import { getDb } from "~/db/db.server";
import { appointments } from "~/db/schema/appointments";
import { serviceRequests } from "~/db/schema/inbox";
import { formatShopDateTime } from "~/hours/shop-calendar";
import { clientKey } from "~/http/client-address.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { customerPageRefusal, type RefusalReason, refusalData, refused } from "~/http/outcome.server";
import { readPostedForm } from "~/http/request-body.server";
import { NO_STORE } from "~/http/responses.server";
import { enqueueAppointmentMessages } from "./mail/appointment-mail.server";
import { bookingRulesFor } from "./settings/capacity-settings.server";
import { parsePlaceValue } from "../capacity";
import { appointmentKindLabels } from "../vocabulary";
import { whenInWords } from "./mail/appointment-mail.server";
import { isCalendarDate, isClockTime } from "~/forms/dates";
import { appointmentStart, type BookingRules, daysWithRoom, startsAfter, toView } from "./booking-reads.server";
import { cancelAppointment, rescheduleAppointment } from "./booking.server";
import { customerPath, isTokenShaped, linkStillWorks, tokenHash } from "./customer-link.server";

// The customer's page, /appointments/<token>: no account, the link is the key. GET only reads
// (mail scanners open every link in an email, so nothing here acts on GET); a plain POST moves or
// cancels, refused inside the owner's cut-off with the shop's number to call.

/** The page's secret is in its address: nothing stores it, no request carries it on as a Referer. */
export const CUSTOMER_PAGE_HEADERS = { ...NO_STORE, "Referrer-Policy": "no-referrer" } as const;

const FORM_LIMIT_BYTES = 2 * 1024;
const DAYS_OFFERED = 14;

async function findByToken(context: Readonly<RouterContextProvider>, token: string | undefined) {
  const now = getRequestTime(context);
  if (!isTokenShaped(token)) return null;
  const [found] = await getDb(getEnv(context))
    .select({ appointment: appointments, firstName: serviceRequests.firstName })
    .from(appointments)
    .innerJoin(serviceRequests, eq(serviceRequests.id, appointments.serviceRequestId))
    .where(eq(appointments.tokenHash, tokenHash(token)))
    .limit(1);
  if (!found || !linkStillWorks(found.appointment.date, now)) return null;
  return { ...found, view: toView(found.appointment) };
}

const notFound = () => {
  const { refusal } = refused(
    "not-found",
    `This link does not open an appointment (it may have expired). Call us at ${shop.phone.display}.`,
  );
  return refusalData(refusal, { message: refusal.message }, CUSTOMER_PAGE_HEADERS);
};

/** Whether the customer may still change it themselves: confirmed, and before the cut-off. */
function changeWindow(rules: BookingRules, view: ReturnType<typeof toView>) {
  const start = appointmentStart(rules.schedule, view);
  const cutoffAt = new Date(start.getTime() - rules.capacity.changeCutoffMinutes * 60_000);
  return { open: view.status === "confirmed" && rules.now < cutoffAt, cutoffAt };
}

/** The earliest a place the customer moves to may start: they could not change it once there otherwise. */
const keepableAfter = (rules: BookingRules) =>
  new Date(rules.now.getTime() + rules.capacity.changeCutoffMinutes * 60_000);

/** Whether a place sent by hand starts within the cut-off (or has passed); a malformed one is left to the rules. */
function tooSoon(rules: BookingRules, place: ReturnType<typeof parsePlaceValue>): boolean {
  if (!isCalendarDate(place.date) || (place.time !== null && !isClockTime(place.time))) return false;
  return !startsAfter(rules.schedule, place, keepableAfter(rules));
}

export async function customerPageData(context: Readonly<RouterContextProvider>, token: string | undefined, url: URL) {
  const found = await findByToken(context, token);
  if (!found) throw notFound();
  const rules = await bookingRulesFor(context);
  const window = changeWindow(rules, found.view);
  const days =
    window.open && found.view.status === "confirmed"
      ? await daysWithRoom(getEnv(context), rules, {
          limit: DAYS_OFFERED,
          except: found.view,
          notBefore: keepableAfter(rules),
        })
      : [];
  const changed = url.searchParams.get("changed");
  return data(
    {
      firstName: found.firstName,
      when: whenInWords(found.view, rules.schedule),
      kindLabel: appointmentKindLabels[found.view.kind],
      status: found.view.status,
      canChange: window.open,
      cutoffHours: rules.capacity.changeCutoffMinutes / 60,
      cutoffAt: formatShopDateTime(window.cutoffAt),
      days,
      changed: changed === "moved" || changed === "cancelled" ? changed : null,
      phone: shop.phone,
    },
    { headers: CUSTOMER_PAGE_HEADERS },
  );
}

export async function customerPageAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  token: string | undefined,
) {
  const found = await findByToken(context, token);
  if (!found || !token) throw notFound();
  const env = getEnv(context);
  const posted = await readPostedForm(request, { limitBytes: FORM_LIMIT_BYTES, headers: CUSTOMER_PAGE_HEADERS });
  if (!posted.ok) return posted.refusal;
  const rules = await bookingRulesFor(context);
  const refuse = (reason: RefusalReason, message: string) =>
    customerPageRefusal(refused(reason, message).refusal, CUSTOMER_PAGE_HEADERS);
  if (!changeWindow(rules, found.view).open) {
    return refuse(
      "conflict",
      found.view.status === "confirmed"
        ? `It is too close to your appointment to change it here. Please call us at ${shop.phone.display}.`
        : `This appointment can no longer be changed. Please call us at ${shop.phone.display}.`,
    );
  }
  const who = {
    acting: { actor: { id: null, name: "customer" }, client: clientKey(request), at: rules.now },
    byCustomer: true,
  };
  const intent = posted.formData.get("intent");
  const place = parsePlaceValue(posted.formData.get("place"));
  if (intent === "move" && tooSoon(rules, place)) {
    return refuse(
      "invalid",
      `That time is too soon to book here: choose one at least ${rules.capacity.changeCutoffMinutes / 60} hours ahead, or call us at ${shop.phone.display}.`,
    );
  }
  const outcome =
    intent === "cancel"
      ? await cancelAppointment(env, found.view, who)
      : intent === "move"
        ? await rescheduleAppointment(env, rules, found.view, place, who)
        : null;
  if (!outcome) return refuse("invalid", "This form could not be read. Please reload the page and try again.");
  if (!outcome.ok) {
    const { refusal } = outcome;
    const next = refusal.extra?.nextDays.length ? " Please choose another time from the list." : "";
    return customerPageRefusal({ ...refusal, message: `${refusal.message}${next}` }, CUSTOMER_PAGE_HEADERS);
  }
  await enqueueAppointmentMessages(env, outcome.messageIds);
  return redirect(`${customerPath(token)}?changed=${intent === "cancel" ? "cancelled" : "moved"}`, {
    headers: CUSTOMER_PAGE_HEADERS,
  });
}
