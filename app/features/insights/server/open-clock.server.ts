import { addDays, type CalendarDate, shopInstant } from "~/hours/shop-calendar";
import { hoursOn, type ShopSchedule } from "~/hours/shop-schedule";

// The open-hours clock (docs/decisions/038-response-record.md): time counted only while the shop
// is open by its schedule (weekly hours, closures, holidays, special hours), as Podium counts
// response times. A request sent Saturday night has waited no open minute at 8 AM Monday.
// The days' opening and closing instants are worked out once per reading (a few Intl calls a day);
// each record then costs two binary searches, so 100,000 of them stay cheap.

export type OpenClock = {
  /** Milliseconds the shop was open between two instants (0 when `to` is not after `from`). */
  openMsBetween(from: number, to: number): number;
};

export function openClockOf(schedule: ShopSchedule, firstDate: CalendarDate, lastDate: CalendarDate): OpenClock {
  const starts: number[] = [];
  const ends: number[] = [];
  for (let date = firstDate; date <= lastDate; date = addDays(date, 1)) {
    const day = hoursOn(schedule, date);
    if (!day.open) continue;
    const opens = shopInstant(date, day.opens).getTime();
    const closes = shopInstant(date, day.closes).getTime();
    if (closes > opens) {
      starts.push(opens);
      ends.push(closes);
    }
  }
  // openBefore[i]: the open milliseconds of the days before the i-th opening.
  const openBefore = [0];
  for (let index = 0; index < starts.length; index++) {
    openBefore.push(openBefore[index]! + ends[index]! - starts[index]!);
  }

  /** The open milliseconds from the first day's start to `at`. */
  const openUntil = (at: number): number => {
    // The last opening at or before `at`.
    let low = 0;
    let high = starts.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (starts[middle]! <= at) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    if (found === -1) return 0;
    return openBefore[found]! + Math.min(at, ends[found]!) - starts[found]!;
  };

  return {
    openMsBetween: (from, to) => (to > from ? openUntil(to) - openUntil(from) : 0),
  };
}
