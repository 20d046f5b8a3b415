import { describe, expect, it } from "vitest";
import { shopInstant } from "~/hours/shop-calendar";
import { weeklyOnlySchedule } from "~/hours/shop-schedule";
import { measure, type Sample } from "~/features/insights/server/measure.server";
import { openClockOf } from "~/features/insights/server/open-clock.server";
import { fetchWorker } from "../support/http";
import {
  addKnownSet,
  addRecords,
  DAYS_3,
  HOUR,
  MINUTE,
  NOW,
  OWNER,
  signIn,
  STAFF,
  TEN_WAITS,
  setUpInsightsAccounts,
} from "./support";
import { expectSays } from "../support/says";
// The promise measured (/incoming/insights, GET /api/insights), on hand-built records whose figures
// are known (the clock and the records in ./support.ts).

setUpInsightsAccounts();

describe("the figures", () => {
  it("gives the median, 90th percentile and shares of a hand-built set", () => {
    const samples: Sample[] = TEN_WAITS.map((wait) => ({
      submittedAt: NOW.getTime() - DAYS_3,
      firstContactAt: NOW.getTime() - DAYS_3 + wait,
    }));
    samples.push({ submittedAt: NOW.getTime() - DAYS_3, firstContactAt: null });
    samples.push({ submittedAt: NOW.getTime() - 30 * MINUTE, firstContactAt: null });
    const figures = measure(samples, NOW, null);
    expect(figures).toMatchObject({
      received: 12,
      contacted: 10,
      withinPromise: 8,
      medianMinutes: 180,
      p90Minutes: 1800,
      // 8 of 11 decided (the one sent 30 minutes ago may still make it): 72.7%, shown rounded down.
      withinPromisePercent: 72,
      withinHourPercent: 27,
      medianOpenMinutes: null,
    });
  });

  it("pauses the open-hours clock while the shop is closed", () => {
    const clock = openClockOf(weeklyOnlySchedule, "2026-11-13", "2026-11-18");
    // Saturday 10 PM to Monday 9 AM: 35 hours on the wall, one open hour (Monday 8 to 9 AM).
    const saturdayNight = shopInstant("2026-11-14", { hour: 22, minute: 0 }).getTime();
    const mondayNine = shopInstant("2026-11-16", { hour: 9, minute: 0 }).getTime();
    expect(clock.openMsBetween(saturdayNight, mondayNine)).toBe(HOUR);
    // Friday 4 PM to Monday 10 AM: 1 hour on Friday, 2 on Monday.
    const fridayFour = shopInstant("2026-11-13", { hour: 16, minute: 0 }).getTime();
    const mondayTen = shopInstant("2026-11-16", { hour: 10, minute: 0 }).getTime();
    expect(clock.openMsBetween(fridayFour, mondayTen)).toBe(3 * HOUR);

    // A request sent Saturday night and answered at 9 AM Monday is late by the clock, not in open hours.
    const late = measure([{ submittedAt: saturdayNight, firstContactAt: mondayNine }], NOW, clock);
    expect(late).toMatchObject({ withinPromisePercent: 0, withinPromiseOpenPercent: 100, medianOpenMinutes: 60 });
  });
});

describe("GET /api/insights", () => {
  it("answers the issue's shape with the known figures, per kind and together", async () => {
    await addKnownSet();
    await addRecords("serviceRequest", [{ ago: 2 * HOUR, wait: HOUR }]);
    const response = await fetchWorker(
      "/api/insights?days=30",
      { headers: { Cookie: await signIn(STAFF) } },
      { at: NOW },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await response.json<
      Record<string, unknown> & { byKind: Record<string, Record<string, unknown>>; weeks: Record<string, unknown>[] }
    >();
    const figureKeys = [
      "received",
      "contacted",
      "withinPromise",
      "withinPromisePercent",
      "withinHourPercent",
      "medianMinutes",
      "p90Minutes",
      "medianOpenMinutes",
      "waiting",
      "oldestWaitingAt",
    ];
    expect(Object.keys(body).sort()).toEqual(
      ["days", ...figureKeys, "byKind", "weeks", "appointments", "bookingPage", "estimates"].sort(),
    );
    expect(Object.keys(body.byKind).sort()).toEqual(["contactMessages", "serviceRequests"]);
    expect(Object.keys(body.byKind.contactMessages!).sort()).toEqual([...figureKeys].sort());
    expect(body.byKind.contactMessages).toMatchObject({
      received: 12,
      contacted: 10,
      withinPromise: 8,
      withinPromisePercent: 72,
      withinHourPercent: 27,
      medianMinutes: 180,
      p90Minutes: 1800,
      waiting: 2,
      oldestWaitingAt: new Date(NOW.getTime() - DAYS_3).toISOString(),
    });
    expect(body.byKind.serviceRequests).toMatchObject({
      received: 1,
      contacted: 1,
      withinPromise: 1,
      medianMinutes: 60,
      p90Minutes: 60,
      // Sent at 10 AM Wednesday, reached at 11 AM: an open hour.
      medianOpenMinutes: 60,
      waiting: 0,
      oldestWaitingAt: null,
    });
    expect(body).toMatchObject({ days: 30, received: 13, contacted: 11, withinPromise: 9, waiting: 2 });
    expect(body.weeks).toHaveLength(12);
    // This week began Monday, November 16; the ten sent on Sunday the 15th are last week's.
    expect(body.weeks.at(-1)).toEqual({
      weekStart: "2026-11-16",
      received: 2,
      withinPromisePercent: 100,
      medianMinutes: 60,
      appointments: 0,
      showRatePercent: null,
      approvedCents: 0,
    });
    expect(body.weeks.at(-2)).toMatchObject({ weekStart: "2026-11-09", received: 11, medianMinutes: 180 });
  });

  it("cuts the weeks at the shop's Monday midnight, across the change to daylight time", async () => {
    // Daylight time began Sunday, March 14, 2027; Monday the 15th starts at 04:00 UTC, not 05:00.
    const at = new Date("2027-03-17T16:00:00Z");
    const justAfter = shopInstant("2027-03-15", { hour: 0, minute: 30 }).getTime();
    const justBefore = shopInstant("2027-03-14", { hour: 23, minute: 30 }).getTime();
    await addRecords("contact", [
      { ago: NOW.getTime() - justAfter, wait: HOUR },
      { ago: NOW.getTime() - justBefore, wait: HOUR },
    ]);
    expect(new Date(justAfter).toISOString()).toBe("2027-03-15T04:30:00.000Z");
    const cookie = await signIn(STAFF, at);
    const response = await fetchWorker("/api/insights?days=7", { headers: { Cookie: cookie } }, { at });
    const { weeks } = await response.json<{ weeks: { weekStart: string; received: number }[] }>();
    expect(weeks.slice(-2)).toEqual([
      expect.objectContaining({ weekStart: "2027-03-08", received: 1 }),
      expect.objectContaining({ weekStart: "2027-03-15", received: 1 }),
    ]);
  });

  it("has null figures where there is nothing to measure", async () => {
    const response = await fetchWorker(
      "/api/insights?days=7",
      { headers: { Cookie: await signIn(STAFF) } },
      { at: NOW },
    );
    expect(await response.json()).toMatchObject({
      days: 7,
      received: 0,
      withinPromisePercent: null,
      medianMinutes: null,
      p90Minutes: null,
      medianOpenMinutes: null,
      oldestWaitingAt: null,
    });
  });

  it("counts only the window asked for", async () => {
    await addRecords("contact", [
      { ago: 3 * 24 * HOUR, wait: HOUR },
      { ago: 20 * 24 * HOUR, wait: HOUR },
      { ago: 60 * 24 * HOUR, wait: HOUR },
      { ago: 120 * 24 * HOUR, wait: HOUR },
    ]);
    const cookie = await signIn(STAFF);
    const received = async (days: number) =>
      (
        await (
          await fetchWorker(`/api/insights?days=${days}`, { headers: { Cookie: cookie } }, { at: NOW })
        ).json<{ received: number }>()
      ).received;
    expect([await received(7), await received(30), await received(90)]).toEqual([1, 2, 3]);
  });

  it("refuses any other window with 400", async () => {
    const cookie = await signIn(STAFF);
    for (const days of ["14", "0", "abc", "30.0", ""]) {
      const response = await fetchWorker(`/api/insights?days=${days}`, { headers: { Cookie: cookie } }, { at: NOW });
      expect(response.status, days).toBe(400);
      expect(await response.json()).toEqual({ message: "days must be 7, 30 or 90." });
    }
    expect((await fetchWorker("/api/insights", { method: "POST", headers: { Cookie: cookie } })).status).toBe(405);
  });
});

/** A page's text as read: React's separators between adjacent texts taken out. */
const pageText = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describe("the insights page", () => {
  it("shows every member the figures and the 12 weeks, and the switch to owners only", async () => {
    await addKnownSet();
    const staffPage = await pageText(
      await fetchWorker("/incoming/insights?days=90", { headers: { Cookie: await signIn(STAFF) } }, { at: NOW }),
    );
    expectSays(
      staffPage,
      ["Last 90 days: 12 requests, 10 contacted", "3 h 0 min", "30 h 0 min", "72%", "<svg", "The last 12 weeks"],
      ["Show our response record on the website"],
    );
    const ownerPage = await (
      await fetchWorker("/incoming/insights", { headers: { Cookie: await signIn(OWNER) } }, { at: NOW })
    ).text();
    expect(ownerPage).toContain("Show our response record on the website");
  });

  it("answers another window with the 400 page", async () => {
    const response = await fetchWorker(
      "/incoming/insights?days=365",
      { headers: { Cookie: await signIn(STAFF) } },
      { at: NOW },
    );
    expect(response.status).toBe(400);
  });
});

/** The switch's form as the page posts it: the hidden "false", then the box's "true" when ticked. */
