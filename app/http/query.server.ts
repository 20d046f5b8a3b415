import { calendarDateField } from "~/forms/dates";
import { z } from "~/forms/zod";
import { type CalendarDate, daysBetween } from "~/hours/shop-calendar";
import { type Outcome, refused, succeeded } from "./outcome.server";

// The door of a query string that a route reads with a schema: each parameter at most once, then
// the schema. `?from=2026-12-01&to=2026-12-07&from=2020-01-01` is refused rather than answered
// from whichever `from` a reader happens to take; an impossible date is a 400 naming the
// parameter (app/forms/dates.ts), never a 500.

export type QueryResult<Output> = { ok: true; query: Output } | { ok: false; message: string };

/** The parameter a query string names more than once, if any (`lists` may repeat). */
export function repeatedParameter(params: URLSearchParams, lists: readonly string[] = []): string | null {
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (seen.has(name) && !lists.includes(name)) return name;
    seen.add(name);
  }
  return null;
}

/** A query string read with `schema`: its parameters (absent ones left out), each given once. */
export function parseQuery<Schema extends z.ZodType>(
  params: URLSearchParams,
  schema: Schema,
): QueryResult<z.output<Schema>> {
  const repeated = repeatedParameter(params);
  if (repeated) return { ok: false, message: `Give ${repeated} once.` };
  const parsed = schema.safeParse(Object.fromEntries(params));
  if (parsed.success) return { ok: true, query: parsed.data };
  const [issue] = parsed.error.issues;
  const name = issue?.path[0];
  return { ok: false, message: name === undefined ? (issue?.message ?? "") : `${String(name)}: ${issue?.message}` };
}

const dayParam = calendarDateField({ format: "give the day as YYYY-MM-DD.", notADay: "that day does not exist." });
const daySpanParams = z.object({ from: dayParam, to: dayParam });

/**
 * `?from=&to=` of an API that lists days: two real days, `from` not after `to`, at most `maxDays`
 * of them (`tooLong` says so in the API's words); anything else is refused as invalid (400).
 */
export function parseDaySpan(
  params: URLSearchParams,
  { maxDays, tooLong }: { maxDays: number; tooLong: string },
): Outcome<{ from: CalendarDate; to: CalendarDate }> {
  const parsed = parseQuery(params, daySpanParams);
  if (!parsed.ok) return refused("invalid", `Give from and to as real dates, YYYY-MM-DD (${parsed.message})`);
  const { from, to } = parsed.query;
  const span = daysBetween(from, to) + 1;
  if (span < 1) return refused("invalid", "from must not be after to.");
  if (span > maxDays) return refused("invalid", tooLong);
  return succeeded({ from, to });
}
