import { Figure, FiguresSection } from "~/features/insights/components/insights-figures";
import { WeeksBesideTable } from "~/features/insights/components/weekly-chart";
import { formatCount, formatDollars, formatPercent, formatWait } from "~/features/insights/format";
import type { Insights } from "~/features/insights/insights.server";

// Estimates in the insights (issue 39 item 9): sent in the window, the share of decided lines the
// customers approved by colour, the median time from sending to their decision, and the dollars
// approved per week for the last 12 weeks.

const COLOURS = [
  ["red", "Red lines approved", "Needs attention now"],
  ["yellow", "Yellow lines approved", "Should be done soon"],
  ["green", "Green lines approved", "Fine for now"],
] as const;

export function EstimateFigures({ insights }: { insights: Insights }) {
  const { estimates, weeks, days } = insights;
  return (
    <FiguresSection id="estimates" heading="Estimates">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Figure
          label={`Sent in the last ${days} days`}
          value={formatCount(estimates.sent)}
          detail={`${formatCount(estimates.decisions)} decided by the customer`}
        />
        <Figure
          label="From sending to the decision"
          value={formatWait(estimates.medianMinutesToDecision)}
          detail="Median, counting every hour"
        />
        <Figure
          label="Approved"
          value={formatDollars(estimates.approvedCents)}
          detail="Work customers approved, with tax"
        />
        {COLOURS.map(([colour, label, meaning]) => {
          const rate = estimates.approvalByColour[colour];
          return (
            <Figure
              key={colour}
              label={label}
              value={formatPercent(rate.percent)}
              detail={`${meaning}: ${formatCount(rate.approved)} of ${formatCount(rate.decided)} decided`}
            />
          );
        })}
      </dl>
      <WeeksBesideTable
        weeks={weeks}
        charts={[{ title: "Dollars approved per week", column: "Approved", color: "fill-emerald-700" }]}
        caption="Dollars approved, by week"
        columns={[{ label: "Approved", value: (week) => week.approvedCents, format: formatDollars }]}
      />
    </FiguresSection>
  );
}
