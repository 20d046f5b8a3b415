import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, postForm, postJson } from "../../support/http";
import { deliverQueued, recordingMailer, recordingQueue } from "../../support/queue";
import { countOf } from "../../support/d1";
import {
  at,
  book,
  calendarOf,
  call,
  cookies,
  customerLinkIn,
  expectOneTookThePlace,
  newRequest,
  onlineRules,
  onlineVisitor,
  setUpOnlineBooking,
} from "../support";

// Issue 40, item 3: POST /api/bookings. The shop as in ./support.ts (clock Monday, November 30,
// 2026, 10 AM; 2 drop-offs a day, waiter slots 7:00 (1), 8:00 (2), 13:00 (1); Wednesday, December
// 2 closed), online booking at 50% of places, 12 hours' notice, 30 days ahead, confirmed at once.

beforeAll(setUpOnlineBooking, 60_000);

const visitor = (changes: Record<string, unknown> = {}) => ({
  ...onlineVisitor(),
  date: "2026-12-04",
  kind: "drop-off",
  ...changes,
});

const post = (body: unknown, bindings?: Partial<Env>) => postJson("/api/bookings", body, { at, bindings });

describe("POST /api/bookings", () => {
  it("books, marks the request as booked online, and emails the confirmation with its calendar file and link", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const body = visitor();
    const response = await post(body, { NOTIFY_QUEUE: queue });
    expect(response.status).toBe(201);
    const booked = await response.json<{ id: string }>();
    expect(booked).toEqual({
      id: expect.any(String),
      date: "2026-12-04",
      kind: "drop-off",
      time: null,
      status: "confirmed",
    });
    const row = await env.DB.prepare(
      "select r.booked_online, r.service, r.message, a.status from appointments a join service_requests r on r.id = a.service_request_id where a.id = ?",
    )
      .bind(booked.id)
      .first();
    expect(row).toMatchObject({ booked_online: 1, status: "confirmed", message: "Vehicle: 2015 Toyota Camry" });
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    const mail = mailer.sent.find((sent) => sent.to === body.email)!;
    expect(mail.mail.header("subject")).toContain("Your appointment: Friday, December 4, 2026");
    expect(calendarOf(mail).raw).toContain("METHOD:REQUEST");
    expect(customerLinkIn(mail)).toMatch(/^\/appointments\//);
    const inbox = await fetchWorker("/incoming?tab=service-requests", { headers: { Cookie: cookies.owner } }, { at });
    expect((await inbox.text()).replaceAll("<!-- -->", "")).toContain("Booked online");
  });

  it("books a waiter slot with its time", async () => {
    const response = await post(visitor({ date: "2026-12-07", kind: "waiter", time: "08:00" }));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ date: "2026-12-07", kind: "waiter", time: "08:00" });
  });

  it.each([
    ["a closed day", { date: "2026-12-02" }],
    ["a past day", { date: "2026-11-27" }],
    ["a day that does not exist", { date: "2026-02-30" }],
    ["a day in another shape", { date: "12/04/2026" }],
    ["a place inside the notice", { date: "2026-11-30" }],
    ["a day beyond the horizon", { date: "2027-01-04" }],
    ["a time that is not one of the day's waiter slots", { kind: "waiter", time: "09:30" }],
    ["a waiter slot outside the day's hours", { date: "2026-12-03", kind: "waiter", time: "08:00" }],
    ["a drop-off with a time", { time: "08:00" }],
    ["an unknown kind", { kind: "valet" }],
    ["an unknown service", { service: "teleportation" }],
    ["a wait for a service not done while you wait", { service: "brake-repair", kind: "waiter", time: "08:00" }],
    ["a missing email", { email: undefined }],
    ["a missing day", { date: undefined }],
  ])("refuses %s with 400, storing nothing", async (_, changes) => {
    const before = await env.DB.prepare("select count(*) as n from service_requests").first<{ n: number }>();
    const response = await post(visitor(changes));
    expect(response.status).toBe(400);
    expect((await response.json<{ message: string }>()).message).toBeTruthy();
    const after = await env.DB.prepare("select count(*) as n from service_requests").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it("names the service, not the day, when the service cannot be booked online", async () => {
    const response = await post(visitor({ service: "teleportation" }));
    expect(response.status).toBe(400);
    const { fieldErrors } = await response.json<{ fieldErrors: Record<string, string[]> }>();
    expect(fieldErrors).toEqual({ service: ["Choose one of the services that can be booked online."] });
  });

  it("answers a full place with 409 and up to three later days with online places", async () => {
    // Tuesday, December 8: its one online drop-off place goes to the first visitor.
    expect((await post(visitor({ date: "2026-12-08" }))).status).toBe(201);
    const refused = await post(visitor({ date: "2026-12-08" }));
    expect(refused.status).toBe(409);
    const { nextDays } = await refused.json<{ nextDays: { date: string }[] }>();
    expect(nextDays.map((day) => day.date)).toEqual(["2026-12-09", "2026-12-10", "2026-12-11"]);
  });

  it("gives the last online place to exactly one of 30 visitors at once, and keeps none of the others", async () => {
    const bodies = Array.from({ length: 30 }, () => visitor({ date: "2026-12-14", kind: "waiter", time: "08:00" }));
    const answers = await Promise.all(bodies.map((body) => post(body)));
    expectOneTookThePlace(answers.map((answer) => answer.status));
    const kept = "select count(*) as n from service_requests where preferred_date = '2026-12-14' and booked_online = 1";
    expect(await countOf(kept)).toBe(1);
    // The losers wrote nothing, not even the shop's email's ledger entry of a request.
    const orphans =
      "select count(*) as n from notification_ledger where submission_kind = 'serviceRequest' and submission_id not in (select id from service_requests)";
    expect(await countOf(orphans)).toBe(0);
    // The slot's second place is still staff's to give.
    expect((await book(await newRequest(), { date: "2026-12-14", kind: "waiter", time: "08:00" })).status).toBe(201);
  });

  it("in request mode stores the request, marked booked online, for staff to confirm, and books nothing", async () => {
    expect((await call("PUT", "/api/settings/online-booking", { ...onlineRules, mode: "request" })).status).toBe(200);
    try {
      const response = await post(visitor({ date: "2026-12-17" }));
      expect(response.status).toBe(201);
      const answer = await response.json<{ id: string }>();
      expect(answer).toMatchObject({ date: "2026-12-17", kind: "drop-off", time: null, status: "requested" });
      const request = await env.DB.prepare(
        "select booked_online, preferred_date, visit_type from service_requests where id = ?",
      )
        .bind(answer.id)
        .first();
      expect(request).toEqual({ booked_online: 1, preferred_date: "2026-12-17", visit_type: "drop-off" });
      const booked = await env.DB.prepare("select count(*) as n from appointments where date = '2026-12-17'").first();
      expect(booked).toEqual({ n: 0 });
    } finally {
      expect((await call("PUT", "/api/settings/online-booking", onlineRules)).status).toBe(200);
    }
  });

  it("keeps a customer's own place when their move to a full day is refused", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const body = visitor({ date: "2026-12-15" });
    expect((await post(body, { NOTIFY_QUEUE: queue })).status).toBe(201);
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    const link = customerLinkIn(mailer.sent.find((sent) => sent.to === body.email)!);
    // Staff fill Wednesday the 16th's drop-offs.
    for (let i = 0; i < 2; i++) {
      expect((await book(await newRequest(), { date: "2026-12-16", kind: "drop-off" })).status).toBe(201);
    }
    const refused = await postForm(link, { intent: "move", place: "2026-12-16|drop-off|" }, { at });
    expect(refused.status).toBe(409);
    // Their own day, full with their booking and one of staff's, still takes their move within it.
    expect((await book(await newRequest(), { date: "2026-12-15", kind: "drop-off" })).status).toBe(201);
    const moved = await postForm(link, { intent: "move", place: "2026-12-15|waiter|13:00" }, { at });
    expect(moved.status).toBe(302);
  });
});
