import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker } from "../support/http";
import { apiLogin, createStaffUser, sessionCookie } from "../support/staff";

// Appointments in the insights, the clock pinned to Wednesday, November 18, 2026, noon in
// Pikesville: how many were booked per week and in the window, and the show rate (arrived or done,
// of those whose day has come; a cancelled one counts nowhere, an unmarked past one counts as due).

const NOW = new Date("2026-11-18T17:00:00Z");
let cookie = "";

type Tally = { booked: number; due: number; showed: number; showRatePercent: number | null };
type Body = {
  appointments: Tally;
  weeks: { weekStart: string; appointments: number; showRatePercent: number | null }[];
};

/** Appointments on a day, by status. */
async function insert(date: string, statuses: string[]) {
  for (const status of statuses) {
    await env.DB.prepare(
      "insert into appointments (id, service_request_id, date, kind, status, token_salt, token_hash, created_at, updated_at) values (?, ?, ?, 'drop-off', ?, 'salt', ?, 0, 0)",
    )
      .bind(crypto.randomUUID(), crypto.randomUUID(), date, status, crypto.randomUUID())
      .run();
  }
}

const insights = async (days: number) =>
  (await fetchWorker(`/api/insights?days=${days}`, { headers: { Cookie: cookie } }, { at: NOW })).json<Body>();

beforeAll(async () => {
  await createStaffUser("appt-insights", "appointment insights has a long password", "staff");
  cookie = sessionCookie(await apiLogin("appt-insights", "appointment insights has a long password", { at: NOW }));
  // This week (from Monday the 16th): two came, one no-show, one cancelled; today one arrived and
  // one not yet marked (not due yet); Friday one booked ahead.
  await insert("2026-11-16", ["done", "arrived", "no-show", "cancelled"]);
  await insert("2026-11-18", ["arrived", "confirmed"]);
  await insert("2026-11-20", ["confirmed"]);
  // Last week: one done, one left unmarked (due, not shown).
  await insert("2026-11-10", ["done", "confirmed"]);
  // Long ago: outside the 12 weeks and the 30 days.
  await insert("2026-06-01", ["done"]);
}, 30_000);

describe("appointments in the insights", () => {
  it("counts each week's appointments and its show rate", async () => {
    const { weeks } = await insights(30);
    expect(weeks.at(-1)).toMatchObject({ weekStart: "2026-11-16", appointments: 6, showRatePercent: 75 });
    expect(weeks.at(-2)).toMatchObject({ weekStart: "2026-11-09", appointments: 2, showRatePercent: 50 });
    expect(weeks.at(-3)).toMatchObject({ appointments: 0, showRatePercent: null });
  });

  it("gives the window's appointments up to today and their show rate", async () => {
    expect((await insights(30)).appointments).toEqual({ booked: 7, due: 6, showed: 4, showRatePercent: 67 });
    expect((await insights(7)).appointments).toEqual({ booked: 5, due: 4, showed: 3, showRatePercent: 75 });
  });

  it("shows them on the insights page", async () => {
    const html = await (
      await fetchWorker("/incoming/insights?days=7", { headers: { Cookie: cookie } }, { at: NOW })
    ).text();
    expect(html).toContain("Appointments per week");
    expect(html).toMatch(/Show rate.*75%/s);
    expect(html).toContain("3 of 4 due came");
  });
});
