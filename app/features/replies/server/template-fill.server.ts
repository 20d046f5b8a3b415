import { shop } from "~/content/shop";
import { serviceNameIn, type ServiceNames } from "~/content/services";
import { formatPhone } from "~/forms/phone-link";
import { calendarDateFormat, formatClockTime, shopWallClock } from "~/hours/shop-calendar";
import { hoursOn, type ShopSchedule } from "~/hours/shop-schedule";
import type { InboxKind } from "~/records/kinds";
import { type Placeholder, PLACEHOLDER_NAMES } from "../templates";

// Filling a template from a record (docs/decisions/052-reply-templates.md): the one function the
// record page and GET /api/<kind>/<id>/reply-draft both call. A contact message has no vehicle,
// service or date: each placeholder then has words that still read in a sentence (PLACEHOLDERS).

/** What of a record the placeholders read: a contact message has only the first name. */
export type TemplateRecord = {
  firstName: string;
  service?: string;
  vehicleYear?: number | null;
  vehicleMake?: string | null;
  vehicleModel?: string | null;
  preferredDate?: string | null;
};

const longDate = calendarDateFormat({ weekday: "long", month: "long", day: "numeric" });

function hoursToday(schedule: ShopSchedule, now: Date): string {
  const day = hoursOn(schedule, shopWallClock(now).date);
  if (day.open) return `${formatClockTime(day.opens)} to ${formatClockTime(day.closes)}`;
  return day.reason ? `closed today (${day.reason})` : "closed today";
}

/** Each placeholder's words for this record, today; its service by its name in the catalog (`services`). */
export function placeholderValues(
  kind: InboxKind,
  record: TemplateRecord,
  { schedule, now, services }: { schedule: ShopSchedule; now: Date; services: ServiceNames },
): Record<Placeholder, string> {
  // A contact message has none of these, whatever the object passed in carries.
  const request: TemplateRecord = kind === "serviceRequest" ? record : { firstName: record.firstName };
  const vehicle = [request.vehicleYear, request.vehicleMake, request.vehicleModel].filter(Boolean).join(" ");
  return {
    firstName: record.firstName,
    vehicle: vehicle || "car",
    service: request.service ? serviceNameIn(services, request.service) : "help with your car",
    preferredDate: request.preferredDate ? longDate(request.preferredDate) : "a day that suits you",
    shopPhone: formatPhone(shop.phone.display),
    hoursToday: hoursToday(schedule, now),
  };
}

const KNOWN = new RegExp(`\\{(${PLACEHOLDER_NAMES.join("|")})\\}`, "g");

/** The text with each known placeholder replaced; anything else is left as written. */
export function fillTemplate(text: string, values: Record<Placeholder, string>): string {
  return text.replace(KNOWN, (_, name: Placeholder) => values[name]);
}
