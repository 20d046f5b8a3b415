import { data, Form, Link } from "react-router";
import type { Route } from "./+types/calendar";
import { Button } from "~/ui/button";
import { calendarDateFormat } from "~/hours/shop-calendar";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { getEnv, getRequestTime } from "~/http/context.server";
import { readPostedForm } from "~/http/request-body.server";
import { NO_STORE } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { redirectWithToast } from "~/http/toast.server";
import { formatSlotTime } from "../capacity";
import { enqueueAppointmentMessages } from "../server/mail/appointment-mail.server";
import { calendarDays, calendarQuery } from "../server/calendar.server";
import { isMark, markAppointment } from "../server/marks.server";
import { appointmentStatusLabels } from "../vocabulary";

// /incoming/calendar: the shop's appointments, a week (Monday first) or a day (`?view=day`), from
// `?date=YYYY-MM-DD` (today by default). Each day's drop-offs and waiter slots with places used and
// free, each appointment linked to its record, and the marks staff set at the door. Plain links and
// plain form posts: it reads and works without JavaScript.

export const handle: RouteHandle = { hydrate: true, staffNav: { label: "Calendar", position: 2 } };

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = calendarQuery(new URL(request.url), getRequestTime(context));
  const { days, today } = await calendarDays(context, query.from, query.to);
  return data({ ...query, days, today }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = getEnv(context);
  const posted = await readPostedForm(request, { limitBytes: 1024, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  const id = form.get("id");
  const mark = form.get("mark");
  const back = form.get("back");
  const to = typeof back === "string" && back.startsWith("/incoming/calendar") ? back : "/incoming/calendar";
  const marked =
    typeof id === "string" && isMark(mark)
      ? await markAppointment(env, id, mark, actingMember(request, context))
      : null;
  if (marked?.marked) await enqueueAppointmentMessages(env, [marked.reviewMessageId]);
  return marked?.marked && isMark(mark)
    ? redirectWithToast(env, to, { title: "Marked", description: appointmentStatusLabels[mark] })
    : redirectWithToast(env, to, {
        title: "Nothing changed",
        description: "That appointment cannot take this mark (cancelled, or marked already).",
        variant: "destructive",
      });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privatePageMeta("Calendar", "The shop's appointments.");

const dayTitle = calendarDateFormat({ weekday: "long", month: "long", day: "numeric" });
const shortDay = calendarDateFormat({ month: "short", day: "numeric" });

const linkClasses =
  "rounded-md px-3 py-1.5 text-sm font-semibold text-blue-900 ring-1 ring-slate-300 hover:bg-slate-100";

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { view, date, from, to, previous, next, days, today } = loaderData;
  const here = `/incoming/calendar?view=${view}&date=${date}`;
  const title = view === "day" ? dayTitle(date) : `Week of ${shortDay(from)} – ${shortDay(to)}`;
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-5 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-blue-950">Calendar</h1>
          <p className="mt-1 text-slate-700">{title}</p>
        </div>
        <nav aria-label="Calendar" className="flex flex-wrap gap-2">
          <Link to={`/incoming/calendar?view=${view}&date=${previous}`} className={linkClasses}>
            ← {view === "day" ? "Previous day" : "Previous week"}
          </Link>
          <Link to={`/incoming/calendar?view=${view}&date=${today}`} className={linkClasses}>
            Today
          </Link>
          <Link to={`/incoming/calendar?view=${view}&date=${next}`} className={linkClasses}>
            {view === "day" ? "Next day" : "Next week"} →
          </Link>
          <Link to={`/incoming/calendar?view=${view === "day" ? "week" : "day"}&date=${date}`} className={linkClasses}>
            {view === "day" ? "Week view" : "Day view"}
          </Link>
        </nav>
      </div>
      <div className={view === "day" ? "grid gap-4" : "grid gap-4 md:grid-cols-2 xl:grid-cols-4"}>
        {days.map((day) => (
          <section
            key={day.date}
            aria-labelledby={`day-${day.date}`}
            className={`rounded-lg border bg-white p-4 shadow-sm ${day.date === today ? "border-blue-700" : "border-slate-200"}`}
          >
            <h2 id={`day-${day.date}`} className="font-bold text-blue-950">
              <Link to={`/incoming/calendar?view=day&date=${day.date}`} className="hover:underline">
                {dayTitle(day.date)}
              </Link>
              {day.date === today ? <span className="ml-2 text-sm font-semibold text-blue-700">Today</span> : null}
            </h2>
            {!day.open ? (
              <p className="mt-2 text-sm text-slate-600">Closed{day.reason ? `: ${day.reason}` : ""}</p>
            ) : day.places.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No appointments taken (no capacity set).</p>
            ) : null}
            {day.places.map((place) => (
              <div key={place.label} className="mt-3">
                <h3 className="flex flex-wrap justify-between gap-x-2 text-sm font-semibold text-slate-800">
                  <span className="whitespace-nowrap">
                    {place.time ? `Waiter ${formatSlotTime(place.time)}` : "Drop-offs"}
                  </span>
                  <span
                    className={`whitespace-nowrap ${place.free === 0 ? "text-red-700" : "font-normal text-slate-600"}`}
                  >
                    {place.used} of {place.places} booked · {place.free} free
                  </span>
                </h3>
                <EntryList entries={place.entries} back={here} />
              </div>
            ))}
            {day.elsewhere.length ? (
              <div className="mt-3">
                <h3 className="text-sm font-semibold text-amber-800">Booked before the day changed</h3>
                <EntryList entries={day.elsewhere} back={here} />
              </div>
            ) : null}
          </section>
        ))}
      </div>
    </div>
  );
}

type Entry = Route.ComponentProps["loaderData"]["days"][number]["elsewhere"][number];

function EntryList({ entries, back }: { entries: Entry[]; back: string }) {
  if (!entries.length) return null;
  return (
    <ul className="mt-1 grid gap-2">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-md bg-slate-50 p-2 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-x-2">
            <Link to={entry.recordPath} className="font-semibold break-words text-blue-800 underline">
              {entry.customer ? `${entry.customer.firstName} ${entry.customer.lastName}` : "Deleted request"}
            </Link>
            <span className={entry.status === "cancelled" ? "text-slate-500 line-through" : "text-slate-700"}>
              {appointmentStatusLabels[entry.status]}
            </span>
          </div>
          {entry.status === "confirmed" || entry.status === "arrived" ? (
            <div className="mt-1 flex flex-wrap gap-1">
              {(entry.status === "confirmed"
                ? (["arrived", "no-show", "done"] as const)
                : (["done", "no-show"] as const)
              ).map((mark) => (
                <Form key={mark} method="post">
                  <input type="hidden" name="id" value={entry.id} />
                  <input type="hidden" name="mark" value={mark} />
                  <input type="hidden" name="back" value={back} />
                  <Button type="submit" variant="quiet" size="sm">
                    {appointmentStatusLabels[mark]}
                  </Button>
                </Form>
              ))}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
