import { Figure } from "~/features/insights/components/insights-figures";
import { Bars, WeekTable } from "~/features/insights/components/weekly-chart";
import { formatCount, formatPercent } from "~/features/insights/format";
import type { Insights } from "~/features/insights/insights.server";

// Appointments in the insights: how many were booked for the window's days and the show rate
// (arrived or done, of those whose day has come), then the same per week for the last 12 weeks.

export function AppointmentFigures({ insights }: { insights: Insights }) {
  const { appointments, weeks, days } = insights;
  const most = Math.max(0, ...weeks.map((week) => week.appointments));
  return (
    <section aria-labelledby="appointments-heading" className="grid gap-3">
      <h2 id="appointments-heading" className="text-xl font-bold text-blue-950">
        Appointments
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label={`Booked for the last ${days} days`}
          value={formatCount(appointments.booked)}
          detail="Cancelled ones left out"
        />
        <Figure
          label="Show rate"
          value={formatPercent(appointments.showRatePercent)}
          detail={`${formatCount(appointments.showed)} of ${formatCount(appointments.due)} due came (arrived or done)`}
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Bars
          title="Appointments per week"
          weeks={weeks}
          value={(week) => week.appointments}
          max={most}
          label={(week) => formatCount(week.appointments)}
          color="fill-blue-800"
        />
        <WeekTable
          caption="Appointments and show rate, by week"
          weeks={weeks}
          columns={[
            { label: "Booked", cell: (week) => formatCount(week.appointments) },
            { label: "Show rate", cell: (week) => formatPercent(week.showRatePercent) },
          ]}
        />
      </div>
    </section>
  );
}
