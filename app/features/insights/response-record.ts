import { shop } from "../../content/shop";

// The promise measured (/incoming/insights) and, if the owner wants, shown to visitors on / and
// /contact. Shared by the server, the pages and the schema; no server code.
// docs/decisions/038-response-record.md.

/** The windows the insights offer, in days. */
export const INSIGHTS_DAYS = [7, 30, 90] as const;
export type InsightsDays = (typeof INSIGHTS_DAYS)[number];
export const DEFAULT_INSIGHTS_DAYS: InsightsDays = 30;

export function parseInsightsDays(params: URLSearchParams): InsightsDays | null {
  // Given twice (?days=7&days=90) is no answer: which one was meant?
  const [value, ...more] = params.getAll("days");
  if (more.length > 0) return null;
  if (value === undefined) return DEFAULT_INSIGHTS_DAYS;
  return INSIGHTS_DAYS.find((days) => String(days) === value) ?? null;
}

/** The window the public line speaks of, and how many requests it needs before it is shown. */
export const RESPONSE_RECORD_DAYS = 30;
export const RESPONSE_RECORD_MIN_RECEIVED = 20;
/** A figure older than this (the hourly job has stopped) is no longer shown to visitors. */
export const RESPONSE_RECORD_STALE_MS = 3 * 60 * 60 * 1000;

/** The public figure as the hourly job stores it (shop_settings.response_record). */
export type StoredResponseRecord = {
  /** Requests received in the last 30 days, spam excluded. */
  received: number;
  /** Whole percent (rounded down) of them answered within 24 hours; null when none could be measured yet. */
  withinPromisePercent: number | null;
  /** ISO 8601. */
  computedAt: string;
};

/** The owner's switch and the stored figure, as the settings hold them. */
export type ResponseRecordSetting = { show: boolean; figure: StoredResponseRecord | null };

/** The share a visitor is shown, or null: switched off, too few requests, nothing measured, or stale. */
export function publicResponseRecord(setting: ResponseRecordSetting, now: Date): { percent: number } | null {
  const { show, figure } = setting;
  const percent = figure?.withinPromisePercent ?? null;
  if (!show || !figure || percent === null) return null;
  if (figure.received < RESPONSE_RECORD_MIN_RECEIVED) return null;
  if (now.getTime() - Date.parse(figure.computedAt) > RESPONSE_RECORD_STALE_MS) return null;
  return { percent };
}

/** What / and /contact say, or null (decision 038). */
export function publicResponseLine(setting: ResponseRecordSetting, now: Date): string | null {
  const record = publicResponseRecord(setting, now);
  return record ? responseRecordLine(record.percent) : null;
}

/** "Last 30 days: 97% of requests answered within 24 hours". */
export function responseRecordLine(percent: number): string {
  return `Last ${RESPONSE_RECORD_DAYS} days: ${percent}% of requests answered within ${shop.replyWithinHours} hours`;
}
