import { data } from "react-router";
import type { Route } from "./+types/book-online";
import { shop } from "~/content/shop";
import { getCatalog } from "~/features/catalog/catalog.server";
import { HONEYPOT_FIELD, handleBookingForm } from "~/features/submissions/submissions.server";
import { calendarDateFormat } from "~/hours/shop-calendar";
import { NO_STORE } from "~/http/responses.server";
import type { RouteHandle } from "~/route-handle";
import { pageMeta, siteOrigin } from "~/seo/meta";
import { Card } from "~/ui/card";
import { formatSlotTime, placeOptionValue } from "../capacity";
import { BookOnlineForm, type PlaceGroup } from "../components/book-online-form";
import { bookingPageOpenings } from "../server/online/availability.server";
import { bookingViewFor } from "../server/online/booking-funnel.server";

// /book (anyone): a visitor books a place themselves (docs/decisions/064). The form is a plain
// document post answered with the page, the same with JavaScript on or off (none is needed to
// finish); the page is hydrated like the other form pages. Never from the page cache: the places
// left change with every booking, and each view gets its own id for the shop's counts (decision 066).
export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const [openings, catalog, view] = await Promise.all([
    bookingPageOpenings(context),
    getCatalog(context),
    bookingViewFor(request, context),
  ]);
  const services = catalog
    .filter((service) => service.visible && service.bookableOnline)
    .toSorted((a, b) => a.position - b.position)
    .map(({ slug, name, waiterOk }) => ({ slug, name, waiterOk }));
  const places: PlaceGroup[] = openings.days.map((day) => ({
    label: shortDay(day.date),
    options: [
      ...(day.dropOff.free > 0
        ? [{ value: placeOptionValue(day.date, "drop-off", null), label: `${shortDay(day.date)}: drop-off` }]
        : []),
      ...day.waiter.map((slot) => ({
        value: placeOptionValue(day.date, "waiter", slot.time),
        label: `${shortDay(day.date)}: wait, ${formatSlotTime(slot.time)}`,
      })),
    ],
  }));
  return data({ enabled: openings.enabled, places, services, honeypot: HONEYPOT_FIELD, view }, { headers: NO_STORE });
}

const shortDay = calendarDateFormat({ weekday: "short", month: "short", day: "numeric" });

export const action = ({ request, context }: Route.ActionArgs) => handleBookingForm(request, context);

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOrigin(matches), {
    title: "Book an Appointment",
    description: `Book a drop-off or a time to wait at ${shop.name} online, no account needed.`,
    canonicalPath: "/book",
  });

const longDay = calendarDateFormat({ weekday: "long", month: "long", day: "numeric" });

export default function BookOnline({ loaderData, actionData }: Route.ComponentProps) {
  const booked = actionData && "booked" in actionData ? actionData.booked : null;
  const waiting = actionData && "waiting" in actionData ? actionData.waiting : null;
  const refused = actionData && "errors" in actionData ? actionData : null;
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
        <h1 className="text-3xl font-bold text-blue-950">Book an appointment</h1>
        {waiting ? (
          <Card className="mt-6 p-4 sm:p-6" role="status">
            <h2 className="text-xl font-bold text-blue-950">You're on the list</h2>
            <p className="mt-2 text-slate-700">
              {`If a place frees up on ${longDay(waiting.date)}, we'll email you a link to book it. The first to book it gets it.`}
            </p>
          </Card>
        ) : booked ? (
          <Card className="mt-6 p-4 sm:p-6" role="status">
            <h2 className="text-xl font-bold text-blue-950">
              {booked.state === "confirmed" ? "You're booked" : "We have your request"}
            </h2>
            <p className="mt-2 text-slate-700">
              {booked.state === "confirmed"
                ? `${booked.when ?? longDay(booked.date)}. Your confirmation email has a calendar file and a link to move or cancel it.`
                : `We'll confirm ${longDay(booked.date)} by email or phone shortly.`}
            </p>
          </Card>
        ) : !loaderData.enabled || loaderData.places.length === 0 ? (
          <p className="mt-4 text-slate-700">
            {loaderData.enabled ? "No times are left to book online just now." : "Online booking is not open just now."}{" "}
            Call us at <a href={`tel:${shop.phone.e164}`}>{shop.phone.display}</a> or{" "}
            <a href="/contact">send us a request</a>.
          </p>
        ) : (
          <>
            <p className="mt-2 text-slate-700">No account needed. We'll email your confirmation right away.</p>
            {refused ? (
              <div role="alert" className="mt-6 rounded-md bg-red-50 p-3 text-sm text-red-900">
                <ul className="list-disc pl-5">
                  {refused.errors.map((error) => (
                    <li key={error}>{error}</li>
                  ))}
                </ul>
                {refused.nextDays?.length ? (
                  <p className="mt-2">
                    Next days with a place: {refused.nextDays.map((day) => longDay(day)).join(", ")}.
                  </p>
                ) : null}
                {refused.nextDays ? (
                  <form method="post" className="mt-3">
                    <input type="hidden" name="intent" value="waitlist" />
                    <input type="hidden" name="firstName" value={refused.entered.firstName ?? ""} />
                    <input type="hidden" name="email" value={refused.entered.email ?? ""} />
                    <input type="hidden" name="place" value={refused.entered.place ?? ""} />
                    <button type="submit" className="font-semibold text-blue-900 underline">
                      Tell me if a place frees up that day
                    </button>
                  </form>
                ) : null}
              </div>
            ) : null}
            <Card className="mt-6 p-4 sm:p-6">
              <BookOnlineForm
                places={loaderData.places}
                services={loaderData.services}
                entered={refused?.entered ?? {}}
                honeypot={loaderData.honeypot}
                view={loaderData.view}
              />
            </Card>
          </>
        )}
      </div>
    </div>
  );
}
