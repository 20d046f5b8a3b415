import type { OpenClock } from "./open-clock.server";

// The figures of the promise, from each request's submission and first contact (pure: the tests
// hand-build the records). Definitions in docs/decisions/038-response-record.md.

/** One request (spam excluded): when it came, and when the customer was first reached (null: not yet). */
export type Sample = { submittedAt: number; firstContactAt: number | null };

export const PROMISE_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

export type Figures = {
  received: number;
  contacted: number;
  /** Contacted within 24 hours of clock time. */
  withinPromise: number;
  withinPromisePercent: number | null;
  withinHourPercent: number | null;
  medianMinutes: number | null;
  p90Minutes: number | null;
  /** The same, counted on the open-hours clock (null when no open clock was given). */
  withinPromiseOpenPercent: number | null;
  withinHourOpenPercent: number | null;
  medianOpenMinutes: number | null;
  p90OpenMinutes: number | null;
};

/** Nearest rank: the smallest value with at least p of the values at or below it. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

const minutes = (ms: number | null) => (ms === null ? null : Math.round(ms / 60_000));

/** Whole percent, rounded down: 100 only when every one made it. */
export const percentOf = (part: number, whole: number) => (whole === 0 ? null : Math.floor((part * 100) / whole));

/**
 * A share within `limit`: a contacted request counts by its wait; one not contacted yet counts as
 * late once it has waited longer than `limit`, and not at all before (it may still make it).
 */
function share(waits: readonly { wait: number | null; waitedSoFar: number }[], limit: number): number | null {
  let decided = 0;
  let made = 0;
  for (const { wait, waitedSoFar } of waits) {
    if (wait !== null) {
      decided += 1;
      if (wait <= limit) made += 1;
    } else if (waitedSoFar > limit) {
      decided += 1;
    }
  }
  return percentOf(made, decided);
}

export function measure(samples: readonly Sample[], now: Date, openClock: OpenClock | null): Figures {
  const at = now.getTime();
  const clock = samples.map(({ submittedAt, firstContactAt }) => ({
    wait: firstContactAt === null ? null : Math.max(0, firstContactAt - submittedAt),
    waitedSoFar: at - submittedAt,
  }));
  const clockWaits = clock.flatMap(({ wait }) => (wait === null ? [] : [wait])).sort((a, b) => a - b);
  const open = openClock
    ? samples.map(({ submittedAt, firstContactAt }) => ({
        wait: firstContactAt === null ? null : openClock.openMsBetween(submittedAt, firstContactAt),
        waitedSoFar: openClock.openMsBetween(submittedAt, at),
      }))
    : null;
  const openWaits = open?.flatMap(({ wait }) => (wait === null ? [] : [wait])).sort((a, b) => a - b) ?? [];
  return {
    received: samples.length,
    contacted: clockWaits.length,
    withinPromise: clockWaits.filter((wait) => wait <= PROMISE_MS).length,
    withinPromisePercent: share(clock, PROMISE_MS),
    withinHourPercent: share(clock, HOUR_MS),
    medianMinutes: minutes(percentile(clockWaits, 0.5)),
    p90Minutes: minutes(percentile(clockWaits, 0.9)),
    withinPromiseOpenPercent: open ? share(open, PROMISE_MS) : null,
    withinHourOpenPercent: open ? share(open, HOUR_MS) : null,
    medianOpenMinutes: open ? minutes(percentile(openWaits, 0.5)) : null,
    p90OpenMinutes: open ? minutes(percentile(openWaits, 0.9)) : null,
  };
}
