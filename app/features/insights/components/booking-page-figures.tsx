import { FiguresSection } from "~/features/insights/components/insights-figures";
import { WeeksBesideTable } from "~/features/insights/components/weekly-chart";
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
  return (
    <FiguresSection id="booking-page" heading="Online booking (/book)">
      <p className="text-slate-700">
        Each time the booking page was opened, whether the visitor started filling it in, and whether they booked; and
        how long three bookings in four took at most, from opening the page. No cookies, nothing about who they are.
      </p>
      <WeeksBesideTable
        weeks={weeks}
        charts={[{ title: "Booking page opened per week", column: "Opened", color: "fill-blue-800" }]}
        caption="The booking page, by week"
        columns={[
          { label: "Opened", value: (week) => week.opened, format: formatCount },
          { label: "Started", value: (week) => week.started, format: formatCount },
          { label: "Booked", value: (week) => week.booked, format: formatCount },
          { label: "Time to book (p75)", value: (week) => week.p75Seconds, format: formatSeconds },
        ]}
      />
    </FiguresSection>
  );
}
