import { Figure, FiguresSection } from "~/features/insights/components/insights-figures";
import { WeeksBesideTable } from "~/features/insights/components/weekly-chart";
import { formatCount, formatPercent } from "~/features/insights/format";
import type { Insights } from "~/features/insights/insights.server";

// Appointments in the insights: how many were booked for the window's days and the show rate
// (arrived or done, of those whose day has come), then the same per week for the last 12 weeks.

export function AppointmentFigures({ insights }: { insights: Insights }) {
  const { appointments, weeks, days } = insights;
  return (
    <FiguresSection id="appointments" heading="Appointments">
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
      <WeeksBesideTable
        weeks={weeks}
        charts={[{ title: "Appointments per week", column: "Booked", color: "fill-blue-800" }]}
        caption="Appointments and show rate, by week"
        columns={[
          { label: "Booked", value: (week) => week.appointments, format: formatCount },
          { label: "Show rate", value: (week) => week.showRatePercent, format: formatPercent },
        ]}
      />
    </FiguresSection>
  );
}
