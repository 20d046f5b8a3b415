import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker } from "../../support/http";
import { at, book, call, newRequest, setUpAppointments } from "../support";

// Issue 40, item 2: GET /api/availability, what can be booked online now. The shop as in
// ./support.ts (clock Monday, November 30, 2026, 10 AM; 2 drop-offs a day, waiter slots 7:00 (1
// place), 8:00 (2) and 13:00 (1); Wednesday closed, Thursday 9 to 12), with online booking at 50%
// of places (rounded down: 1 drop-off, one 8:00 place, none at 7:00 or 13:00), 12 hours' notice,
// 30 days ahead.

const rules = { enabled: true, onlineShare: 50, minNoticeHours: 12, horizonDays: 30, mode: "confirm" };
const setRules = async (changes: Partial<typeof rules> = {}) =>
  expect((await call("PUT", "/api/settings/online-booking", { ...rules, ...changes })).status).toBe(200);

const openings = async (query: string, when = at) => {
  const response = await fetchWorker(`/api/availability?${query}`, {}, { at: when });
  return { status: response.status, body: await response.json<{ days: unknown[]; message?: string }>() };
};

beforeAll(async () => {
  await setUpAppointments();
  await setRules();
}, 60_000);

describe("GET /api/availability", () => {
  it("offers the open days after the notice, closures out, each place within its online share", async () => {
    const { status, body } = await openings("from=2026-11-30&to=2026-12-07");
    expect(status).toBe(200);
    const usual = { dropOff: { free: 1 }, waiter: [{ time: "08:00", free: 1 }] };
    expect(body.days).toEqual([
      // Today: nothing starts after the 12 hours' notice. Wednesday is closed; the weekend too.
      { date: "2026-12-01", ...usual },
      // Thursday opens 9 to 12: a drop-off, and no waiter slot falls within its hours.
      { date: "2026-12-03", dropOff: { free: 1 }, waiter: [] },
      { date: "2026-12-04", ...usual },
      { date: "2026-12-07", ...usual },
    ]);
  });

  it("leaves out holidays and the days beyond the horizon", async () => {
    const christmas = (await openings("from=2026-12-21&to=2026-12-27")).body.days.map(
      (day) => (day as { date: string }).date,
    );
    // Christmas Eve and Christmas Day are among the holidays the shop closes for as shipped.
    expect(christmas).toEqual(["2026-12-21", "2026-12-22", "2026-12-23"]);
    // 30 days from November 30: December 30 is the last.
    const edge = (await openings("from=2026-12-28&to=2027-01-08")).body.days.map(
      (day) => (day as { date: string }).date,
    );
    expect(edge).toEqual(["2026-12-28", "2026-12-29", "2026-12-30"]);
  });

  it("counts staff bookings against what is left and online ones against the share", async () => {
    // Staff book one of Tuesday's two drop-offs: one place is left, the online one.
    expect((await book(await newRequest(), { date: "2026-12-01", kind: "drop-off" })).status).toBe(201);
    const tuesday = () => openings("from=2026-12-01&to=2026-12-01").then((answer) => answer.body.days);
    expect(await tuesday()).toEqual([
      { date: "2026-12-01", dropOff: { free: 1 }, waiter: [{ time: "08:00", free: 1 }] },
    ]);
    // An online booking takes the 8:00 online place; the second 8:00 place stays for staff.
    const online = await newRequest();
    await env.DB.prepare("update service_requests set booked_online = 1 where id = ?").bind(online).run();
    expect((await book(online, { date: "2026-12-01", kind: "waiter", time: "08:00" })).status).toBe(201);
    expect(await tuesday()).toEqual([{ date: "2026-12-01", dropOff: { free: 1 }, waiter: [] }]);
    // Staff take the last drop-off: the day has nothing left online.
    expect((await book(await newRequest(), { date: "2026-12-01", kind: "drop-off" })).status).toBe(201);
    expect(await tuesday()).toEqual([]);
  });

  it("follows the notice in real hours, and offers nothing while online booking is off", async () => {
    await setRules({ minNoticeHours: 23, onlineShare: 100 });
    // 23 hours after Monday 10 AM is Tuesday 9 AM: Tuesday's 8:00 slot, which has a place left, is too
    // soon (and its drop-offs are taken); 13:00 is offered.
    expect((await openings("from=2026-12-01&to=2026-12-01")).body.days).toEqual([
      { date: "2026-12-01", dropOff: { free: 0 }, waiter: [{ time: "13:00", free: 1 }] },
    ]);
    await setRules({ enabled: false });
    expect((await openings("from=2026-12-01&to=2026-12-31")).body.days).toEqual([]);
    await setRules();
  });

  it.each([
    ["no from", "to=2026-12-07"],
    ["a day that does not exist", "from=2026-02-30&to=2026-03-03"],
    ["another shape", "from=12/01/2026&to=2026-12-07"],
    ["from after to", "from=2026-12-07&to=2026-12-01"],
    ["more than 62 days", "from=2026-12-01&to=2027-02-01"],
    ["a parameter twice", "from=2026-12-01&to=2026-12-07&from=2026-12-02"],
  ])("refuses %s with 400", async (_, query) => {
    const { status, body } = await openings(query);
    expect(status).toBe(400);
    expect(body.message).toBeTruthy();
  });

  it("takes 62 days at once", async () => {
    expect((await openings("from=2026-12-01&to=2027-01-31")).status).toBe(200);
  });
});

describe("the daylight-saving days of 2027, open on Sundays, 11 hours' notice", () => {
  beforeAll(async () => {
    const day = (name: string) => ({ day: name, opens: "07:00", closes: "18:00" });
    const week = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map(day);
    expect((await call("PUT", "/api/settings/weekly-hours", { weekly: week })).status).toBe(200);
    await setRules({ minNoticeHours: 11, onlineShare: 100, horizonDays: 60 });
  });

  it("on March 14 (clocks forward) counts the lost hour: 8 PM Saturday + 11 h is 8 AM", async () => {
    const saturdayEvening = new Date("2027-03-14T01:00:00Z"); // 8 PM EST, Saturday
    const { body } = await openings("from=2027-03-14&to=2027-03-14", saturdayEvening);
    // 8:00 EDT is exactly 11 hours away, not after it; a wall-clock sum (7 AM) would offer it.
    expect(body.days).toEqual([{ date: "2027-03-14", dropOff: { free: 0 }, waiter: [{ time: "13:00", free: 1 }] }]);
  });

  it("on November 7 (clocks back) counts the extra hour: 8 PM Saturday + 11 h is 6 AM", async () => {
    const saturdayEvening = new Date("2027-11-07T00:00:00Z"); // 8 PM EDT, Saturday
    const { body } = await openings("from=2027-11-07&to=2027-11-07", saturdayEvening);
    // A wall-clock sum (7 AM) would leave out the 7:00 slot and the drop-off window opening at 7.
    expect(body.days).toEqual([
      {
        date: "2027-11-07",
        dropOff: { free: 2 },
        waiter: [
          { time: "07:00", free: 1 },
          { time: "08:00", free: 2 },
          { time: "13:00", free: 1 },
        ],
      },
    ]);
  });
});
