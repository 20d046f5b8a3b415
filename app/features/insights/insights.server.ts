import { getDb } from "~/db/db.server";
import type { ScheduledTask } from "~/scheduled/scheduled.server";
import { addDays, shopInstant, shopWallClock, weekdayOf } from "~/hours/shop-calendar";
import type { InboxKind } from "~/records/kinds";
import {
  type InsightsDays,
  RESPONSE_RECORD_DAYS,
  type StoredResponseRecord,
} from "~/features/insights/response-record";
import { auditInsert } from "../audit/audit.server";
import { type Acting } from "../../http/staff-member.server";
import type { AppEnv } from "../../http/env.server";
import {
  readResponseRecordSetting,
  responseRecordWrite,
  scheduleOf,
  type ShopSettings,
} from "../settings/settings.server";
import {
  type Figures,
  figures,
  HOUR_MS,
  joinSamples,
  type Samples,
  splitAt,
  tally,
  together,
} from "./server/measure.server";
import { openClockOf } from "./server/open-clock.server";
import {
  type AppointmentTally,
  appointmentTalliesRead,
  type BookingWeek,
  readBookingWeeks,
} from "../appointments/appointments.server";
import { readResponseRows, responseRowsRead, type Waiting } from "./server/insights-reads.server";
import { readEstimateFacts } from "../estimates/estimates.server";
import { approvedCentsPerWeek, type EstimateFigures, estimateFiguresOf } from "./server/estimate-figures.server";

// The promise measured: /incoming/insights, GET /api/insights and the figure the public pages may
// show (docs/decisions/038-response-record.md). Every member may read them; the switch is the owners'.

export type KindFigures = Figures & Waiting;
export type Week = {
  weekStart: string;
  received: number;
  withinPromisePercent: number | null;
  medianMinutes: number | null;
  /** Appointments booked for the week's days, and the share of those due that came. */
  appointments: number;
  showRatePercent: number | null;
  /** Cents of work customers approved from their estimates' links that week. */
  approvedCents: number;
};
export type Insights = {
  days: InsightsDays;
  together: KindFigures;
  byKind: Record<InboxKind, KindFigures>;
  weeks: Week[];
  /** The appointments of the window's days up to today. */
  appointments: AppointmentTally;
  /** /book per week of the chart's 12: opened, started, booked, how long a booking took (decision 066). */
  bookingPage: BookingWeek[];
  /** The estimates of the window: sent, approval by colour, time to decide, dollars approved. */
  estimates: EstimateFigures;
};

const DAY_MS = 24 * HOUR_MS;
export const CHART_WEEKS = 12;

/** The Mondays (shop calendar) of the last 12 weeks, oldest first; the last is this week's. */
function weekStarts(now: Date): string[] {
  const today = shopWallClock(now).date;
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  return Array.from({ length: CHART_WEEKS }, (_, index) => addDays(monday, -7 * (CHART_WEEKS - 1 - index)));
}

const MIDNIGHT = { hour: 0, minute: 0 };

const weekInstants = (starts: readonly string[]) => starts.map((date) => shopInstant(date, MIDNIGHT).getTime());

function weeksOf(
  samples: Samples,
  starts: readonly string[],
  perWeek: { booked: readonly AppointmentTally[]; approvedCents: readonly number[] },
  now: Date,
): Week[] {
  const byWeek = splitAt(samples, weekInstants(starts));
  return starts.map((weekStart, index) => {
    const { received, withinPromisePercent, medianMinutes } = figures(tally(byWeek[index]!, now, null));
    const { booked: appointments, showRatePercent } = perWeek.booked[index]!;
    const approvedCents = perWeek.approvedCents[index]!;
    return { weekStart, received, withinPromisePercent, medianMinutes, appointments, showRatePercent, approvedCents };
  });
}

function waitingTogether(byKind: Record<InboxKind, Waiting>): Waiting {
  const all = Object.values(byKind);
  const oldest = all.flatMap(({ oldestWaitingAt }) => (oldestWaitingAt ? [oldestWaitingAt.getTime()] : []));
  return {
    waiting: all.reduce((sum, { waiting }) => sum + waiting, 0),
    oldestWaitingAt: oldest.length ? new Date(Math.min(...oldest)) : null,
  };
}

/**
 * The figures for the last `days` days (per kind and together) and the last 12 weeks, as of `now`.
 * `settings` is the request's own read of the shop's settings (`getShopSettings`), which the page
 * needs too: read once, not again here (one request to D1 fewer).
 */
export async function readInsights(
  env: Pick<AppEnv, "DB">,
  settings: Promise<ShopSettings>,
  now: Date,
  days: InsightsDays,
): Promise<Insights> {
  const windowStart = now.getTime() - days * DAY_MS;
  const starts = weekStarts(now);
  const from = Math.min(windowStart, shopInstant(starts[0]!, MIDNIGHT).getTime());
  const firstDate = addDays(shopWallClock(new Date(from)).date, -1);
  const today = shopWallClock(now).date;
  const spans = [
    ...starts.map((start) => ({ from: start, to: addDays(start, 6) })),
    { from: addDays(today, 1 - days), to: today },
  ];
  // One round trip: the response rows and the appointments' tallies in one batch.
  const responses = responseRowsRead(env, new Date(from), now);
  const appointmentsRead = appointmentTalliesRead(env, spans, today);
  const [results, schedule, bookingPage, estimateFacts] = await Promise.all([
    env.DB.batch([...responses.statements, appointmentsRead.statement]),
    settings.then((read) => scheduleOf(read, firstDate)),
    readBookingWeeks(env, starts),
    readEstimateFacts(env, { sentFrom: windowStart, decidedFrom: from, to: now.getTime() + 1 }),
  ]);
  const rows = responses.rows(results);
  const tallies = appointmentsRead.tallies(results[responses.statements.length]!);
  const clock = openClockOf(schedule, firstDate, addDays(shopWallClock(now).date, 1));
  const inWindow = (samples: Samples) => splitAt(samples, [windowStart])[0]!;
  const kinds = {
    contact: tally(inWindow(rows.contact.samples), now, clock),
    serviceRequest: tally(inWindow(rows.serviceRequest.samples), now, clock),
  };
  const waitingOf = ({ waiting, oldestWaitingAt }: Waiting): Waiting => ({ waiting, oldestWaitingAt });
  const byKind = {
    contact: { ...figures(kinds.contact), ...waitingOf(rows.contact) },
    serviceRequest: { ...figures(kinds.serviceRequest), ...waitingOf(rows.serviceRequest) },
  };
  return {
    days,
    together: { ...figures(together([kinds.contact, kinds.serviceRequest])), ...waitingTogether(byKind) },
    byKind,
    weeks: weeksOf(
      joinSamples([rows.contact.samples, rows.serviceRequest.samples]),
      starts,
      { booked: tallies, approvedCents: approvedCentsPerWeek(estimateFacts, weekInstants(starts)) },
      now,
    ),
    appointments: tallies.at(-1)!,
    bookingPage,
    estimates: estimateFiguresOf(estimateFacts, windowStart),
  };
}

const apiFigures = (figures: KindFigures) => ({
  received: figures.received,
  contacted: figures.contacted,
  withinPromise: figures.withinPromise,
  withinPromisePercent: figures.withinPromisePercent,
  withinHourPercent: figures.withinHourPercent,
  medianMinutes: figures.medianMinutes,
  p90Minutes: figures.p90Minutes,
  medianOpenMinutes: figures.medianOpenMinutes,
  waiting: figures.waiting,
  oldestWaitingAt: figures.oldestWaitingAt?.toISOString() ?? null,
});

/** GET /api/insights: the shape, figures null where there is nothing to measure. */
export function insightsJson(insights: Insights) {
  return {
    days: insights.days,
    ...apiFigures(insights.together),
    byKind: {
      contactMessages: apiFigures(insights.byKind.contact),
      serviceRequests: apiFigures(insights.byKind.serviceRequest),
    },
    weeks: insights.weeks,
    appointments: insights.appointments,
    bookingPage: insights.bookingPage,
    estimates: insights.estimates,
  };
}

/** The public figure as of `now`: the last 30 days, clock time (no open-hours clock needed). */
async function computeResponseRecord(env: Pick<AppEnv, "DB">, now: Date): Promise<StoredResponseRecord> {
  const windowStart = new Date(now.getTime() - RESPONSE_RECORD_DAYS * DAY_MS);
  const rows = await readResponseRows(env, windowStart, now);
  const { received, withinPromisePercent } = figures(
    tally(joinSamples([rows.contact.samples, rows.serviceRequest.samples]), now, null),
  );
  return {
    received,
    withinPromisePercent,
    computedAt: now.toISOString(),
  };
}

/** The hourly job: recomputes the stored figure while the owner shows it; nothing otherwise. */
export async function refreshResponseRecord(env: Pick<AppEnv, "DB">, now: Date): Promise<string> {
  if (!(await readResponseRecordSetting(env)).show) return "the response record is not shown: nothing to compute";
  const figure = await computeResponseRecord(env, now);
  await responseRecordWrite(getDb(env), { figure });
  return `response record: ${figure.withinPromisePercent ?? "no"}% within 24 hours of ${figure.received} requests in 30 days`;
}

/**
 * Every hour at :30: the response record the public pages may show, recomputed while the owner
 * shows it (docs/decisions/038-response-record.md). Visitors' requests only read what it stored.
 */
export const insightsScheduledTasks: ScheduledTask[] = [
  { name: "response record refresh", cron: "30 * * * *", run: refreshResponseRecord },
];

/** The owner's switch: stored and audited; switched on, the figure is computed at once. */
export async function setResponseRecordShown(env: AppEnv, show: boolean, acting: Acting): Promise<void> {
  const figure = show ? await computeResponseRecord(env, acting.at) : undefined;
  const db = getDb(env);
  await db.batch([
    responseRecordWrite(db, { show, figure }),
    auditInsert(db, {
      ...acting,
      action: "insights.public-record",
      target: "response-record",
      detail: { shown: show ? "on" : "off" },
    }),
  ]);
}
