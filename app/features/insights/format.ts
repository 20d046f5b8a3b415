import { calendarDateFormat, formatShopDateTime } from "../../hours/shop-calendar";

// How the insights read: waits in hours and minutes, shares in whole percent, a dash where there
// is nothing to measure.

export const NOTHING = "—";

/** 95 → "1 h 35 min"; 45 → "45 min"; 1500 → "25 h 0 min". */
export function formatWait(minutes: number | null): string {
  if (minutes === null) return NOTHING;
  const hours = Math.floor(minutes / 60);
  return hours === 0 ? `${minutes} min` : `${hours} h ${minutes % 60} min`;
}

export const formatPercent = (percent: number | null) => (percent === null ? NOTHING : `${percent}%`);

export const formatCount = (count: number) => count.toLocaleString("en-US");

export const formatOldest = (at: Date | null) => (at === null ? NOTHING : formatShopDateTime(at));

/** A week's Monday, "Sep 1". */
export const formatWeek = calendarDateFormat({ month: "short", day: "numeric" });

/** Cents as whole dollars, rounded: 123_456 → "$1,235". */
export const formatDollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString("en-US")}`;
