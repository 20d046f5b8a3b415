import { formatCount, formatPercent, formatWait, formatWeek } from "~/features/insights/format";
import type { Week } from "~/features/insights/insights.server";

// The last 12 weeks, drawn on the server as SVG (no script): the share answered within 24 hours
// and the median wait, one bar a week, with the same figures in a table beside the charts.

// In the viewBox's units; the chart is drawn at the column's width (about 350 px on a phone,
// 700 on a desktop), so the labels are larger in these units on a narrow screen.
const WIDTH = 480;
const HEIGHT = 200;
const TOP = 22;
const BOTTOM = 28;
const SLOT = WIDTH / 12;
const BAR = SLOT - 8;
/** "11/23": short enough to sit under a bar. */
const shortWeek = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;

/** What a bar or a row is drawn from: a week, by its Monday. */
type AnyWeek = { weekStart: string };

/** A column of the week-by-week table: a figure per week and how it is written. */
type WeekColumn<W> = {
  label: string;
  value: (week: W) => number | null;
  format(this: void, figure: number | null): string;
};

/** One chart of bars drawing one of the table's columns (`column`, its label): the figure over each
 * bar is written as in the table unless `format` says otherwise; the tallest bar stands for `max`,
 * by default the largest week's figure. */
type ColumnChart = {
  title: string;
  column: string;
  color: string;
  max?: number;
  format?: (figure: number | null) => string;
};

/** One chart: the column's figure for each week as a bar, written over it. */
function Bars<W extends AnyWeek>({
  weeks,
  chart: { title, color, max: tallest, format },
  column: { value, format: columnFormat },
}: {
  weeks: readonly W[];
  chart: ColumnChart;
  column: WeekColumn<W>;
}) {
  const plot = HEIGHT - TOP - BOTTOM;
  const max = tallest ?? Math.max(0, ...weeks.map((week) => value(week) ?? 0));
  const label = (week: W) => (format ?? columnFormat)(value(week));
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <figcaption className="text-sm font-semibold text-blue-950">{title}</figcaption>
      {/* The table beside says the same to a screen reader. */}
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mt-2 h-auto w-full" aria-hidden="true">
        <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="stroke-slate-300" />
        {weeks.map((week, index) => {
          const figure = value(week);
          const height = figure === null || max === 0 ? 0 : Math.max(2, (figure / max) * plot);
          const x = index * SLOT + (SLOT - BAR) / 2;
          const y = HEIGHT - BOTTOM - height;
          return (
            <g key={week.weekStart}>
              {figure === null ? null : <rect x={x} y={y} width={BAR} height={height} rx={2} className={color} />}
              <text x={x + BAR / 2} y={y - 4} textAnchor="middle" className="fill-slate-800 text-[13px] lg:text-[10px]">
                {label(week)}
              </text>
              <text
                x={x + BAR / 2}
                y={HEIGHT - 9}
                textAnchor="middle"
                className="fill-slate-600 text-[13px] lg:text-[10px]"
              >
                {shortWeek(week.weekStart)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** The insights' way to show the last 12 weeks: the bars (one chart, or several stacked) beside
 * the table of the same weeks. */
export function WeeksBesideTable<W extends AnyWeek>({
  weeks,
  charts,
  caption,
  columns,
}: {
  weeks: readonly W[];
  charts: readonly ColumnChart[];
  caption: string;
  columns: readonly WeekColumn<W>[];
}) {
  const bars = charts.map((chart) => {
    const column = columns.find((candidate) => candidate.label === chart.column);
    if (!column) throw new Error(`The chart "${chart.title}" draws no column of the table: ${chart.column}`);
    return <Bars key={chart.title} weeks={weeks} chart={chart} column={column} />;
  });
  const cells = columns.map(({ label, value, format }) => ({ label, cell: (week: W) => format(value(week)) }));
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      {bars.length === 1 ? bars : <div className="grid gap-4">{bars}</div>}
      <WeekTable caption={caption} weeks={weeks} columns={cells} />
    </div>
  );
}

export function WeeklyChart({ weeks }: { weeks: readonly Week[] }) {
  const hours = (minutes: number | null) => (minutes === null ? "—" : `${Math.round(minutes / 6) / 10} h`);
  return (
    <WeeksBesideTable
      weeks={weeks}
      charts={[
        { title: "Share answered within 24 hours, by week", column: "Within 24 h", max: 100, color: "fill-blue-800" },
        { title: "Median time to first contact, by week", column: "Median", format: hours, color: "fill-red-700" },
      ]}
      caption="Week by week"
      columns={[
        { label: "Received", value: (week) => week.received, format: formatCount },
        { label: "Within 24 h", value: (week) => week.withinPromisePercent, format: formatPercent },
        { label: "Median", value: (week) => week.medianMinutes, format: formatWait },
      ]}
    />
  );
}

/** A week-by-week table: the week, then one number per column, for readers who skip the bars. */
function WeekTable<W extends AnyWeek>({
  caption,
  weeks,
  columns,
}: {
  caption: string;
  weeks: readonly W[];
  columns: readonly { label: string; cell: (week: W) => string }[];
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="px-3 pt-3 text-left text-sm font-semibold text-blue-950">{caption}</caption>
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Week of
            </th>
            {columns.map((column) => (
              <th key={column.label} scope="col" className="px-3 py-2 text-right font-semibold">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row" className="px-3 py-1.5 font-medium text-slate-800">
                {formatWeek(week.weekStart)}
              </th>
              {columns.map((column) => (
                <td key={column.label} className="px-3 py-1.5 text-right tabular-nums">
                  {column.cell(week)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
