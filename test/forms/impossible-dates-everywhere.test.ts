import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { customerPath, customerToken } from "~/features/appointments/server/customer-link.server";
import { at, book, call, cookies, newRequest, setUpAppointments } from "../appointments/support";
import { expectEachAnswered, fetchWorker, postForm } from "../support/http";
import { uniqueEmail, validServiceRequest } from "../support/inbox";
import { postStaffForm, toastCookie } from "../support/staff";

// Every route that takes a date or a time (app/forms/dates.ts, docs/decisions/060), walked with
// days and times that do not exist: each answers 400 (a page: its 400 with the message, the record
// page's appointment form: its "Not booked" toast), never 500, and nothing is stored. The routes
// were found by reading app/routes.ts and grepping the routes and API for date and time fields
// and parameters. Those that take none are walked too, with a date where their value goes: the
// audit log's filters (person, kind, an entry id), the insights' range (7, 30 or 90 days), the
// holidays (their ids), and the calendar feed (a token: 404 like any unknown one).

const IMPOSSIBLE = ["2027-13-01", "2027-02-29", "2026-11-01T25:00"];
/** Before a sane bound (app/forms/dates.ts: the years 2000 to 2099), and the shape's edges. */
const OUT_OF_BOUNDS = ["0001-01-01", "1999-12-31", "2100-01-01", "2027-1-01", " ", "2026-12-01junk"];

let requestId = "";
let bookedRequestId = "";
let customerLink = "";

beforeAll(async () => {
  await setUpAppointments();
  requestId = await newRequest();
  bookedRequestId = await newRequest();
  expect((await book(bookedRequestId, { date: "2026-12-14", kind: "drop-off" })).status).toBe(201);
  const row = await env.DB.prepare("select token_salt from appointments where service_request_id = ?")
    .bind(bookedRequestId)
    .first<{ token_salt: string }>();
  customerLink = customerPath(await customerToken(env.SESSION_SECRET, row!.token_salt));
}, 60_000);

/** Every row of the tables a date could reach: the walk compares them before and after. */
async function storedState() {
  const tables = [
    "appointments",
    "appointment_messages",
    "appointment_settings",
    "service_requests",
    "shop_closures",
    "shop_special_hours",
    "shop_settings",
    "submission_activity",
    "audit_log",
  ];
  const state: Record<string, unknown[]> = {};
  for (const table of tables) state[table] = (await env.DB.prepare(`select * from ${table}`).all()).results;
  return state;
}

const staffForm = (path: string, fields: Record<string, string>) => postStaffForm(cookies.owner, path, fields, { at });
const staffPage = (path: string) => fetchWorker(path, { headers: { Cookie: cookies.owner } }, { at });

type Route = {
  name: string;
  send: (value: string) => Promise<Response>;
  answer: "json" | "page" | "toast" | "not found";
};

const routes: Route[] = [
  {
    name: "POST /api/service-request (preferredDate)",
    send: (date) =>
      call("POST", "/api/service-request", { ...validServiceRequest(), email: uniqueEmail(), preferredDate: date }),
    answer: "json",
  },
  {
    name: "POST / (the service request's page form)",
    send: (date) =>
      postForm("/?index", { ...validServiceRequest(), email: uniqueEmail(), preferredDate: date }, { at }),
    answer: "page",
  },
  {
    name: "POST /api/service-requests/<id>/appointment (date)",
    send: (date) => book(requestId, { date, kind: "drop-off" }),
    answer: "json",
  },
  {
    name: "POST /api/service-requests/<id>/appointment (a waiter's time)",
    send: (value) => book(requestId, { date: "2026-12-14", kind: "waiter", time: value }),
    answer: "json",
  },
  {
    name: "POST /incoming/service-requests/<id>/appointment (book)",
    send: (date) =>
      staffForm(`/incoming/service-requests/${requestId}/appointment`, { intent: "book", place: `${date}|drop-off|` }),
    answer: "toast",
  },
  {
    name: "POST /incoming/service-requests/<id>/appointment (move)",
    send: (date) =>
      staffForm(`/incoming/service-requests/${bookedRequestId}/appointment`, {
        intent: "move",
        place: `${date}|waiter|08:00`,
      }),
    answer: "toast",
  },
  {
    name: "POST /appointments/<token> (the customer moves it)",
    send: (date) => postForm(customerLink, { intent: "move", place: `${date}|drop-off|` }, { at }),
    answer: "page",
  },
  {
    name: "GET /incoming/calendar?date=",
    send: (date) => staffPage(`/incoming/calendar?date=${encodeURIComponent(date)}`),
    answer: "page",
  },
  {
    name: "GET /api/appointments?from=",
    send: (date) => call("GET", `/api/appointments?from=${encodeURIComponent(date)}&to=2026-12-07`),
    answer: "json",
  },
  {
    name: "GET /api/appointments?to=",
    send: (date) => call("GET", `/api/appointments?from=2026-12-01&to=${encodeURIComponent(date)}`),
    answer: "json",
  },
  {
    name: "PATCH /api/service-requests/<id> (followUpAt)",
    send: (date) => call("PATCH", `/api/service-requests/${requestId}`, { followUpAt: date }),
    answer: "json",
  },
  {
    name: "POST /incoming/service-requests/<id> (the call-back's day)",
    send: (date) => staffForm(`/incoming/service-requests/${requestId}`, { intent: "follow-up", date, time: "10:00" }),
    answer: "page",
  },
  {
    name: "POST /incoming/service-requests/<id> (the call-back's time)",
    send: (time) =>
      staffForm(`/incoming/service-requests/${requestId}`, { intent: "follow-up", date: "2026-12-01", time }),
    answer: "page",
  },
  {
    name: "POST /api/settings/closures",
    send: (date) => call("POST", "/api/settings/closures", { date, reason: "Snow" }),
    answer: "json",
  },
  {
    name: "DELETE /api/settings/closures/<date>",
    send: (date) => call("DELETE", `/api/settings/closures/${encodeURIComponent(date)}`),
    answer: "json",
  },
  {
    name: "POST /api/settings/special-hours",
    send: (date) =>
      call("POST", "/api/settings/special-hours", { date, opens: "09:00", closes: "12:00", reason: "Inventory" }),
    answer: "json",
  },
  {
    name: "POST /api/settings/special-hours (opens)",
    send: (time) =>
      call("POST", "/api/settings/special-hours", {
        date: "2026-12-21",
        opens: time,
        closes: "23:00",
        reason: "Inventory",
      }),
    answer: "json",
  },
  {
    name: "DELETE /api/settings/special-hours/<date>",
    send: (date) => call("DELETE", `/api/settings/special-hours/${encodeURIComponent(date)}`),
    answer: "json",
  },
  {
    name: "PUT /api/settings/notice (startsAt)",
    send: (value) =>
      call("PUT", "/api/settings/notice", { text: "Closed for snow", startsAt: value, endsAt: "2027-12-01T10:00" }),
    answer: "json",
  },
  {
    name: "PUT /api/settings/weekly-hours (opens)",
    send: (time) =>
      call("PUT", "/api/settings/weekly-hours", {
        weekly: ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((day) => ({
          day,
          opens: time,
          closes: "17:00",
        })),
      }),
    answer: "json",
  },
  {
    name: "POST /incoming/settings (closure.add)",
    send: (date) => staffForm("/incoming/settings", { intent: "closure.add", date, reason: "Snow day" }),
    answer: "page",
  },
  {
    name: "POST /incoming/settings (special-hours.add)",
    send: (date) =>
      staffForm("/incoming/settings", {
        intent: "special-hours.add",
        date,
        opens: "09:00",
        closes: "12:00",
        reason: "Inventory",
      }),
    answer: "page",
  },
  {
    name: "POST /incoming/settings (notice.set)",
    send: (value) =>
      staffForm("/incoming/settings", {
        intent: "notice.set",
        text: "Closed for snow",
        startsAt: value,
        endsAt: "2027-01-11T10:00",
      }),
    answer: "page",
  },
  {
    name: "PUT /api/settings/capacity (a waiter slot's time)",
    send: (time) => call("PUT", "/api/settings/capacity", { dropOffsPerDay: 2, waiterSlots: [{ time, places: 1 }] }),
    answer: "json",
  },
  {
    name: "POST /incoming/settings/capacity (a waiter slot's time)",
    send: (time) =>
      staffForm("/incoming/settings/capacity", {
        dropOffsPerDay: "2",
        cutoffHours: "2",
        slotTime: time,
        slotPlaces: "1",
      }),
    answer: "page",
  },
  {
    name: "PUT /api/settings/holidays (an id)",
    send: (value) => call("PUT", "/api/settings/holidays", { closed: [value] }),
    answer: "json",
  },
  {
    name: "GET /api/audit?before= (an entry id)",
    send: (value) => call("GET", `/api/audit?before=${encodeURIComponent(value)}`),
    answer: "json",
  },
  {
    name: "GET /incoming/audit?action= (a kind)",
    send: (value) => staffPage(`/incoming/audit?action=${encodeURIComponent(value)}`),
    answer: "page",
  },
  {
    name: "GET /api/insights?days= (a range)",
    send: (value) => call("GET", `/api/insights?days=${encodeURIComponent(value)}`),
    answer: "json",
  },
  {
    name: "GET /appointments/feed/<file> (a token)",
    send: (value) => fetchWorker(`/appointments/feed/${encodeURIComponent(value)}.ics`, {}, { at }),
    answer: "not found",
  },
];

async function expectRefused(route: Route, value: string) {
  const label = `${route.name} with ${JSON.stringify(value)}`;
  const response = await route.send(value);
  if (route.answer === "toast") {
    // The record page's appointment forms answer every refusal with a redirect back and a toast.
    expect(response.status, label).toBe(302);
    const back = await fetchWorker(
      response.headers.get("Location")!,
      { headers: { Cookie: `${cookies.owner}; ${toastCookie(response)}` } },
      { at },
    );
    expect(await back.text(), label).toContain("Not booked");
    return;
  }
  if (route.answer === "not found") {
    expect(response.status, label).toBe(404);
    await response.body?.cancel();
    return;
  }
  expect(response.status, label).toBe(400);
  if (route.answer === "json") {
    expect(response.headers.get("Content-Type"), label).toMatch(/^application\/json/);
    expect((await response.json<{ message: string }>()).message, label).not.toBe("");
  } else {
    expect(response.headers.get("Content-Type"), label).toMatch(/^text\/html/);
    await response.body?.cancel();
  }
}

describe("a date or time that does not exist", () => {
  it.each(routes.map((route) => [route.name, route] as const))(
    "is refused by %s, and nothing is stored",
    async (_, route) => {
      const before = await storedState();
      for (const value of IMPOSSIBLE) await expectRefused(route, value);
      expect(await storedState()).toEqual(before);
    },
  );

  it("is refused before 2000 and after 2099, or out of shape, wherever a day comes in", async () => {
    const before = await storedState();
    const dayRoutes = routes.filter((route) => !/time|opens|startsAt|\(an? /.test(route.name));
    for (const route of dayRoutes) for (const value of OUT_OF_BOUNDS) await expectRefused(route, value);
    expect(await storedState()).toEqual(before);
  });
});

describe("a query string", () => {
  it("with a parameter given twice is refused, not answered from one of them", async () => {
    const apiPaths = [
      "/api/appointments?from=2026-12-01&to=2026-12-07&from=2020-01-01",
      "/api/appointments?from=2026-12-01&to=2026-12-07&to=2026-12-08",
      "/api/insights?days=7&days=90",
      "/api/audit?action=sign-in&action=sign-out",
    ];
    await expectEachAnswered(
      apiPaths,
      (path) => call("GET", path),
      { status: 400 },
      async (response, path) =>
        expect((await response.json<{ message: string }>()).message, path).toMatch(/once|days must be/),
    );
    const pagePaths = [
      "/incoming/calendar?date=2026-12-01&date=2026-12-08",
      "/incoming/insights?days=7&days=30",
      "/incoming/audit?person=appt-owner&person=appt-staff",
    ];
    await expectEachAnswered(pagePaths, staffPage, { status: 400 }, (response) => response.body?.cancel());
  });

  it("with good dates still answers", async () => {
    const listed = await call("GET", "/api/appointments?from=2026-12-01&to=2026-12-31");
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([expect.objectContaining({ date: "2026-12-14" })]);
    const page = await staffPage("/incoming/calendar?view=day&date=2026-12-14");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Monday, December 14");
  });
});
