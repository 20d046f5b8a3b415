import { Figure } from "~/features/insights/components/insights-figures";
import { Bars } from "~/features/insights/components/weekly-chart";
import { formatCount, formatPercent, formatWeek } from "~/features/insights/format";
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
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="px-3 pt-3 text-left text-sm font-semibold text-blue-950">
              Appointments and show rate, by week
            </caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Week of
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Booked
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Show rate
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {weeks.map((week) => (
                <tr key={week.weekStart}>
                  <th scope="row" className="px-3 py-1.5 font-medium text-slate-800">
                    {formatWeek(week.weekStart)}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(week.appointments)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatPercent(week.showRatePercent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
