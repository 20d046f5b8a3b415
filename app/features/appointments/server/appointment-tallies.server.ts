import type { CalendarDate } from "~/hours/shop-calendar";
import type { AppEnv } from "~/http/env.server";
import type { AppointmentStatus } from "../vocabulary";

// What the insights show of appointments (app/features/insights/): how many were booked for the
// days of a span, and the show rate: of those whose day has come (before today, or marked at the
// door today), the share that came (arrived or done). A cancelled appointment counts nowhere; one
// left unmarked after its day counts as due and not shown, so the rate asks staff to mark them.

export type AppointmentTally = { booked: number; due: number; showed: number; showRatePercent: number | null };

export type DateSpan = { from: CalendarDate; to: CalendarDate };

const MARKED: readonly AppointmentStatus[] = ["arrived", "done", "no-show"];
const SHOWED: readonly AppointmentStatus[] = ["arrived", "done"];

type TallyRow = { date: CalendarDate; status: AppointmentStatus; count: number };

/**
 * One tally per span (inclusive dates), read in one query over the days they cover: the statement,
 * for the caller's D1 batch (the insights read it with their own rows: one round trip), and how
 * its rows become the tallies.
 */
export function appointmentTalliesRead(env: Pick<AppEnv, "DB">, spans: readonly DateSpan[], today: CalendarDate) {
  const first = spans.reduce((min, span) => (span.from < min ? span.from : min), spans[0]?.from ?? today);
  const last = spans.reduce((max, span) => (span.to > max ? span.to : max), spans[0]?.to ?? today);
  const statement = env.DB.prepare(
    "select date, status, count(*) as count from appointments " +
      "where date between ?1 and ?2 and status <> 'cancelled' group by date, status",
  ).bind(first, last);
  const tallies = (rows: readonly TallyRow[]): AppointmentTally[] =>
    spans.map(({ from, to }) => {
      let booked = 0;
      let due = 0;
      let showed = 0;
      for (const row of rows) {
        if (row.date < from || row.date > to) continue;
        booked += row.count;
        if (row.date > today || (row.date === today && !MARKED.includes(row.status))) continue;
        due += row.count;
        if (SHOWED.includes(row.status)) showed += row.count;
      }
      return { booked, due, showed, showRatePercent: due === 0 ? null : Math.round((showed / due) * 100) };
    });
  return { statement, tallies: (result: D1Result) => tallies(result.results as TallyRow[]) };
}
