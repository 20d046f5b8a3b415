import type { OpenClock } from "./open-clock.server";

// The figures of the promise, from each request's submission and first contact (pure: the tests
// hand-build the records). Definitions in docs/decisions/038-response-record.md.

/** One request (spam excluded): when it came, and when the customer was first reached (null: not yet). */
export type Sample = { submittedAt: number; firstContactAt: number | null };

/**
 * Many requests as two columns of milliseconds (NaN: not reached yet): tens of thousands of them
 * are read on a staff request, and numbers in typed arrays cost no object each.
 */
export type Samples = { submittedAt: Float64Array; firstContactAt: Float64Array };

export function samplesOf(list: readonly Sample[]): Samples {
  return {
    submittedAt: Float64Array.from(list, (sample) => sample.submittedAt),
    firstContactAt: Float64Array.from(list, (sample) => sample.firstContactAt ?? Number.NaN),
  };
}

/**
 * Those submitted from each of `starts` (ascending) up to the next one, the last with no end; the
 * ones before the first start are left out. One pass however many parts: the insights split up to
 * 90 days of both kinds into their window and the 12 weeks of the chart.
 */
export function splitAt(samples: Samples, starts: readonly number[]): Samples[] {
  const size = samples.submittedAt.length;
  const part = new Int32Array(size);
  const sizes = new Array<number>(starts.length).fill(0);
  for (let index = 0; index < size; index++) {
    const at = samples.submittedAt[index]!;
    let found = starts.length - 1;
    while (found >= 0 && at < starts[found]!) found -= 1;
    part[index] = found;
    if (found >= 0) sizes[found]! += 1;
  }
  const parts = sizes.map((partSize) => ({
    submittedAt: new Float64Array(partSize),
    firstContactAt: new Float64Array(partSize),
  }));
  const filled = new Array<number>(starts.length).fill(0);
  for (let index = 0; index < size; index++) {
    const found = part[index]!;
    if (found < 0) continue;
    const target = parts[found]!;
    const slot = filled[found]!++;
    target.submittedAt[slot] = samples.submittedAt[index]!;
    target.firstContactAt[slot] = samples.firstContactAt[index]!;
  }
  return parts;
}

export function joinSamples(parts: readonly Samples[]): Samples {
  const join = (column: keyof Samples) => {
    const joined = new Float64Array(parts.reduce((sum, part) => sum + part[column].length, 0));
    let offset = 0;
    for (const part of parts) {
      joined.set(part[column], offset);
      offset += part[column].length;
    }
    return joined;
  };
  return { submittedAt: join("submittedAt"), firstContactAt: join("firstContactAt") };
}

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

/**
 * Nearest rank: the smallest value with at least p of the values at or below it. Found by
 * selection (Hoare's quickselect), not a sort: linear on average, and the insights ask it of up
 * to 32,000 waits six times a page. It reorders `values`.
 */
export function percentile(values: Float64Array, p: number): number | null {
  if (values.length === 0) return null;
  const rank = Math.max(0, Math.ceil(p * values.length) - 1);
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >> 1]!;
    let left = low;
    let right = high;
    while (left <= right) {
      while (values[left]! < pivot) left += 1;
      while (values[right]! > pivot) right -= 1;
      if (left <= right) {
        const swap = values[left]!;
        values[left] = values[right]!;
        values[right] = swap;
        left += 1;
        right -= 1;
      }
    }
    // [low, right] holds values <= pivot, [left, high] values >= pivot, between them the pivot.
    if (rank <= right) high = right;
    else if (rank >= left) low = left;
    else return values[rank]!;
  }
  return values[rank]!;
}

const minutes = (ms: number | null) => (ms === null ? null : Math.round(ms / 60_000));

/** Whole percent, rounded down: 100 only when every one made it. */
export const percentOf = (part: number, whole: number) => (whole === 0 ? null : Math.floor((part * 100) / whole));

/**
 * The waits on one clock, and the shares within 24 hours and within the hour. A share counts a
 * contacted request by its wait; one not contacted yet counts as late once it has waited longer
 * than the limit, and not at all before (it may still make it).
 */
class ClockTally {
  readonly waits: Float64Array;
  contacted = 0;
  private decidedDay = 0;
  private madeDay = 0;
  private decidedHour = 0;
  private madeHour = 0;

  constructor(size: number) {
    this.waits = new Float64Array(size);
  }

  /** `waitedSoFar` is asked only of a request not contacted yet. */
  add(wait: number | null, waitedSoFar: () => number) {
    if (wait !== null) {
      this.waits[this.contacted++] = wait;
      this.decidedDay += 1;
      this.decidedHour += 1;
      if (wait <= PROMISE_MS) this.madeDay += 1;
      if (wait <= HOUR_MS) this.madeHour += 1;
      return;
    }
    const waited = waitedSoFar();
    if (waited > PROMISE_MS) this.decidedDay += 1;
    if (waited > HOUR_MS) this.decidedHour += 1;
  }

  /** Another tally's requests added to this one's (the kinds together). */
  static merged(tallies: readonly ClockTally[]): ClockTally {
    const all = new ClockTally(tallies.reduce((sum, tally) => sum + tally.contacted, 0));
    for (const tally of tallies) {
      all.waits.set(tally.waits.subarray(0, tally.contacted), all.contacted);
      all.contacted += tally.contacted;
      all.decidedDay += tally.decidedDay;
      all.madeDay += tally.madeDay;
      all.decidedHour += tally.decidedHour;
      all.madeHour += tally.madeHour;
    }
    return all;
  }

  /** The contacted requests' waits, in no order. */
  get contactedWaits(): Float64Array {
    return this.waits.subarray(0, this.contacted);
  }

  get withinPromise() {
    return this.madeDay;
  }
  get dayPercent() {
    return percentOf(this.madeDay, this.decidedDay);
  }
  get hourPercent() {
    return percentOf(this.madeHour, this.decidedHour);
  }
}

/** The requests of one kind counted on both clocks; `figures` reads them, `together` adds kinds up. */
export type Tally = { received: number; clock: ClockTally; open: ClockTally | null };

// One pass over the records, no object per record: the insights read up to 90 days of both kinds
// (tens of thousands of records at the bench's scale) on a staff request.
export function tally(samples: Samples, now: Date, openClock: OpenClock | null): Tally {
  const at = now.getTime();
  const size = samples.submittedAt.length;
  const clock = new ClockTally(size);
  const open = openClock ? new ClockTally(size) : null;
  for (let index = 0; index < size; index++) {
    const submittedAt = samples.submittedAt[index]!;
    const firstContactAt = samples.firstContactAt[index]!;
    const reached = !Number.isNaN(firstContactAt);
    clock.add(reached ? Math.max(0, firstContactAt - submittedAt) : null, () => at - submittedAt);
    if (open && openClock) {
      open.add(reached ? openClock.openMsBetween(submittedAt, firstContactAt) : null, () =>
        openClock.openMsBetween(submittedAt, at),
      );
    }
  }
  return { received: size, clock, open };
}

export function together(tallies: readonly Tally[]): Tally {
  const opens = tallies.flatMap(({ open }) => (open ? [open] : []));
  return {
    received: tallies.reduce((sum, { received }) => sum + received, 0),
    clock: ClockTally.merged(tallies.map(({ clock }) => clock)),
    open: opens.length === tallies.length ? ClockTally.merged(opens) : null,
  };
}

export function figures({ received, clock, open }: Tally): Figures {
  const clockWaits = clock.contactedWaits;
  const openWaits = open?.contactedWaits ?? null;
  return {
    received,
    contacted: clock.contacted,
    withinPromise: clock.withinPromise,
    withinPromisePercent: clock.dayPercent,
    withinHourPercent: clock.hourPercent,
    medianMinutes: minutes(percentile(clockWaits, 0.5)),
    p90Minutes: minutes(percentile(clockWaits, 0.9)),
    withinPromiseOpenPercent: open?.dayPercent ?? null,
    withinHourOpenPercent: open?.hourPercent ?? null,
    medianOpenMinutes: openWaits ? minutes(percentile(openWaits, 0.5)) : null,
    p90OpenMinutes: openWaits ? minutes(percentile(openWaits, 0.9)) : null,
  };
}

export function measure(samples: readonly Sample[], now: Date, openClock: OpenClock | null): Figures {
  return figures(tally(samplesOf(samples), now, openClock));
}
