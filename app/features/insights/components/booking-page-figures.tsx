import { Bars, WeekTable } from "~/features/insights/components/weekly-chart";
import { formatCount, NOTHING } from "~/features/insights/format";
import type { Insights } from "~/features/insights/insights.server";

// /book in the insights (docs/decisions/066-booking-page-counts.md): per week of the last 12, how
// many views of the page were opened, started (a field filled) and booked, and how long a booking
// took (75th percentile, from opening the page to booking). Counted without cookies or anything
// about the visitor.

/** 95 → "1 min 35 s"; 40 → "40 s". */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return NOTHING;
  const minutes = Math.floor(seconds / 60);
  return minutes === 0 ? `${seconds} s` : `${minutes} min ${seconds % 60} s`;
}

export function BookingPageFigures({ insights }: { insights: Insights }) {
  const weeks = insights.bookingPage;
  const most = Math.max(0, ...weeks.map((week) => week.opened));
  return (
    <section aria-labelledby="booking-page-heading" className="grid gap-3">
      <h2 id="booking-page-heading" className="text-xl font-bold text-blue-950">
        Online booking (/book)
      </h2>
      <p className="text-slate-700">
        Each time the booking page was opened, whether the visitor started filling it in, and whether they booked; and
        how long three bookings in four took at most, from opening the page. No cookies, nothing about who they are.
      </p>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Bars
          title="Booking page opened per week"
          weeks={weeks}
          value={(week) => week.opened}
          max={most}
          label={(week) => formatCount(week.opened)}
          color="fill-blue-800"
        />
        <WeekTable
          caption="The booking page, by week"
          weeks={weeks}
          columns={[
            { label: "Opened", cell: (week) => formatCount(week.opened) },
            { label: "Started", cell: (week) => formatCount(week.started) },
            { label: "Booked", cell: (week) => formatCount(week.booked) },
            { label: "Time to book (p75)", cell: (week) => formatSeconds(week.p75Seconds) },
          ]}
        />
      </div>
    </section>
  );
}
