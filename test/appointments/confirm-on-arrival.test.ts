import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../support/d1";
import { fetchWorker, postForm, postJson, rateLimiterAllowing } from "../support/http";
import { validServiceRequest } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { toastCookie } from "../support/staff";
import { at, calendarOf, call, capacity, customerEmailsOn, setUpAppointments } from "./support";

// Confirm on arrival (docs/decisions/049), the clock pinned as in ./support.ts (Monday, November 30,
// 2026, 10 AM): with the owner's switch on, a new service request whose preferred day has a
// drop-off place is booked by the one booking path, and the visitor's answer and email say so.

beforeAll(setUpAppointments, 60_000);

const MONDAY = "2026-12-07";
const queue = recordingQueue();
const mailer = recordingMailer();

const request = (fields: Record<string, string> = {}) => ({
  ...validServiceRequest(),
  email: `arrival-${crypto.randomUUID()}@example.com`,
  preferredDate: MONDAY,
  visitType: "drop-off",
  ...fields,
});

const send = (body: object) => postJson("/api/service-request", body, { at, bindings: { NOTIFY_QUEUE: queue } });

const appointmentsOf = (email: string) =>
  rowsOf(
    "select a.date, a.kind, a.status, a.created_by, s.status as request_status from appointments a join service_requests s on s.id = a.service_request_id where s.email = ?",
    email,
  );

const switchTo = async (on: boolean) =>
  expect((await call("PUT", "/api/settings/appointment-options", { confirmOnArrival: on })).status).toBe(200);

describe("while the switch is off (as shipped)", () => {
  it("books nothing: staff confirm as before", async () => {
    const body = request();
    const response = await send(body);
    expect(response.status).toBe(201);
    expect(await response.json()).not.toHaveProperty("appointment");
    expect(await appointmentsOf(body.email)).toEqual([]);
  });
});

describe("with the switch on", () => {
  beforeAll(async () => {
    await switchTo(true);
  });

  it("is audited as the owner's change", async () => {
    const entry = await env.DB.prepare(
      "select actor_name, detail from audit_log where action = 'settings.confirm-on-arrival'",
    ).first();
    expect(entry).toEqual({ actor_name: "appt-owner", detail: JSON.stringify({ on: true }) });
  });

  it("books the preferred day's drop-off at once, answers with it, and emails the confirmation with its .ics", async () => {
    queue.bodies.length = 0;
    const body = request();
    const response = await send(body);
    expect(response.status).toBe(201);
    const answer = await response.json<{ appointment: Record<string, unknown> }>();
    expect(answer.appointment).toMatchObject({ date: MONDAY, kind: "drop-off", status: "confirmed" });
    expect(answer.appointment.when).toContain("Monday, December 7, 2026, drop-off between");
    expect(await appointmentsOf(body.email)).toEqual([
      {
        date: MONDAY,
        kind: "drop-off",
        status: "confirmed",
        created_by: "Website (booked on arrival)",
        request_status: "contacted",
      },
    ]);
    // The appointment's confirmation replaces the request's: one email to the visitor.
    expect(queue.bodies).not.toContainEqual(expect.objectContaining({ type: "confirm" }));
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, ...customerEmailsOn }, 10, { at });
    const toVisitor = mailer.sent.filter((sent) => sent.to === body.email);
    expect(toVisitor).toHaveLength(1);
    expect(toVisitor[0]!.mail.text).toContain("Your appointment is booked: Monday, December 7, 2026");
    expect(calendarOf(toVisitor[0]!).calendar.method).toBe("REQUEST");
  });

  it("answers the same request sent twice the same way, booking it once", async () => {
    const body = { ...request(), submissionId: crypto.randomUUID() };
    const first = await (await send(body)).json<{ appointment: { id: string } }>();
    const again = await send(body);
    expect(again.status).toBe(201);
    expect((await again.json<{ appointment: { id: string } }>()).appointment.id).toBe(first.appointment.id);
    expect(await appointmentsOf(body.email)).toHaveLength(1);
  });

  it.each([
    ["the day is full", { preferredDate: "2026-12-08" }, "full", 201],
    ["the owner takes no drop-offs", { preferredDate: "2026-12-09" }, "no drop-offs", 201],
    ["the visitor will wait for the car", { preferredDate: "2026-12-15", visitType: "wait" }, "", 201],
    ["there is no preferred day", { preferredDate: "" }, "", 201],
    // The form refuses a day the shop is closed (a closure, a weekend) before anything is stored.
    ["the day is closed (a closure)", { preferredDate: "2026-12-04" }, "closed", 400],
  ])("books nothing when %s: the answer is the usual one", async (_, fields, setup, status) => {
    if (setup === "full") {
      for (let n = 0; n < capacity.dropOffsPerDay; n++) expect((await send(request(fields))).status).toBe(201);
    }
    if (setup === "no drop-offs") {
      expect((await call("PUT", "/api/settings/capacity", { ...capacity, dropOffsPerDay: 0 })).status).toBe(200);
    }
    if (setup === "closed") {
      const closure = { date: "2026-12-04", reason: "Inspection day" };
      expect((await call("POST", "/api/settings/closures", closure)).status).toBe(200);
    }
    const { preferredDate, ...rest } = request(fields);
    const body = preferredDate ? { ...rest, preferredDate } : rest;
    const response = await send(body);
    expect(response.status).toBe(status);
    expect(await response.json()).not.toHaveProperty("appointment");
    expect(await appointmentsOf(body.email)).toEqual([]);
    if (setup === "no drop-offs") {
      expect((await call("PUT", "/api/settings/capacity", capacity)).status).toBe(200);
    }
  });

  it("gives the last drop-off place to exactly one of 50 requests sent at once", async () => {
    const day = "2026-12-10";
    // One of the day's two places is taken first.
    expect(await (await send(request({ preferredDate: day }))).json()).toHaveProperty("appointment");
    const bodies = Array.from({ length: 50 }, () => request({ preferredDate: day }));
    const bindings = { NOTIFY_QUEUE: queue, SUBMISSION_LIMITER: rateLimiterAllowing(1000) };
    const answers = await Promise.all(bodies.map((body) => postJson("/api/service-request", body, { at, bindings })));
    expect(answers.map((response) => response.status)).toEqual(bodies.map(() => 201));
    const booked = (await Promise.all(answers.map((response) => response.json<object>()))).filter(
      (answer) => "appointment" in answer,
    );
    expect(booked).toHaveLength(1);
    const { n } = (await env.DB.prepare(
      "select count(*) as n from appointments where date = ? and status <> 'cancelled'",
    )
      .bind(day)
      .first<{ n: number }>())!;
    expect(n).toBe(capacity.dropOffsPerDay);
  });

  it("tells the visitor on the page, without JavaScript, that it is booked", async () => {
    const body = request({ preferredDate: "2026-12-11" });
    const response = await postForm("/?index", body, { at, bindings: { NOTIFY_QUEUE: queue } });
    expect(response.status).toBe(302);
    const next = await fetchWorker("/", { headers: { Cookie: toastCookie(response) } }, { at });
    const html = await next.text();
    expect(html).toContain("Your Appointment Is Booked");
    expect(html).toContain("Friday, December 11, 2026, drop-off between");
  });
});

describe("once the switch is off again", () => {
  it("books nothing", async () => {
    await switchTo(false);
    const body = request({ preferredDate: "2026-12-14" });
    expect(await (await send(body)).json()).not.toHaveProperty("appointment");
    expect(await appointmentsOf(body.email)).toEqual([]);
  });
});
