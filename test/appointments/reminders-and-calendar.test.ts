import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../support/d1";
import { fetchWorker } from "../support/http";
import { deliverQueued, recordingMailer, recordingQueue, runCron } from "../support/queue";
import { apiLogin, postStaffForm, sessionCookie } from "../support/staff";
import { at, book, calendarOf, call, cookies, newRequest, setUpAppointments, customerEmailsOn } from "./support";

// Appointments (the clock and the shop as in ./support.ts): the reminder the day before, the shop's
// calendar and its marks, and moving an appointment.

beforeAll(setUpAppointments, 60_000);

describe("the reminder the day before", () => {
  const REMINDERS = "15 * * * *";
  const queue = recordingQueue();
  const mailer = recordingMailer();
  /** Monday, December 21, 2026 at the given hour and minute in Pikesville (EST, UTC-5). */
  const monday = (hour: number, minute = 15) => new Date(Date.UTC(2026, 11, 21, hour + 5, minute));
  const reminderRows = (id: string) =>
    rowsOf(
      "select m.purpose, m.sequence from appointment_messages m join appointments a on a.id = m.appointment_id where a.service_request_id = ? and m.purpose = 'reminder' order by m.id",
      id,
    );
  /** A session signed in at `when`: a session's 8 hours run on the Worker's clock. */
  const ownerAt = async (when: Date) =>
    sessionCookie(await apiLogin("appt-owner", "appointments owner has a long password", { at: when }));
  const bookedFor = async (body: object) => {
    const email = `reminder-${crypto.randomUUID()}@example.com`;
    const id = await newRequest({ email });
    expect((await book(id, body, { bindings: { NOTIFY_QUEUE: queue } })).status).toBe(201);
    queue.bodies.length = 0;
    return { id, email };
  };

  it("is dropped, and shown on the record as not sent, when it still fails on the appointment's day", async () => {
    /** December 22 or 23, 2026 at the given hour in Pikesville. */
    const on = (day: number, hour: number, minute = 15) => new Date(Date.UTC(2026, 11, day, hour + 5, minute));
    const { id, email } = await bookedFor({ date: "2026-12-23", kind: "drop-off" });
    await runCron(REMINDERS, on(22, 10), { NOTIFY_QUEUE: queue });
    expect(await reminderRows(id)).toEqual([{ purpose: "reminder", sequence: 0 }]);
    // The mail service refuses every attempt the day before: the queue gives up.
    const failing = recordingMailer({ failing: () => true });
    const { undelivered } = await deliverQueued(queue, { NOTIFY_EMAIL: failing.binding, ...customerEmailsOn }, 3, {
      at: on(22, 10, 16),
    });
    expect(undelivered).toBeGreaterThanOrEqual(1);

    // On the day, the sweep finds it unsent; it must not go out saying "tomorrow".
    const working = recordingMailer();
    await runCron(REMINDERS, on(23, 8), { NOTIFY_QUEUE: queue });
    await deliverQueued(queue, { NOTIFY_EMAIL: working.binding, ...customerEmailsOn }, 10, { at: on(23, 8, 16) });
    const reminders = working.sent.filter(
      (sent) => sent.to === email && (sent.mail.header("subject") ?? "").startsWith("Reminder"),
    );
    expect(reminders).toEqual([]);
    const [row] = await rowsOf<{ sent_at: number | null; last_error: string | null }>(
      "select m.sent_at, m.last_error from appointment_messages m join appointments a on a.id = m.appointment_id where a.service_request_id = ? and m.purpose = 'reminder'",
      id,
    );
    expect(row?.sent_at).not.toBeNull();
    expect(row?.last_error).toMatch(/^not sent: /);

    // Settled: later runs leave it alone, and the record says it was not sent.
    await runCron(REMINDERS, on(23, 9), { NOTIFY_QUEUE: queue });
    expect(queue.bodies).toEqual([]);
    const page = await (
      await fetchWorker(
        `/incoming/service-requests/${id}`,
        { headers: { Cookie: await ownerAt(on(23, 9)) } },
        { at: on(23, 9) },
      )
    ).text();
    expect(page).toContain("not sent: too late for a reminder, the appointment is today");
  });

  it("goes once, from 10 AM the day before, through the queue, and shows on the record", async () => {
    const { id, email } = await bookedFor({ date: "2026-12-22", kind: "drop-off" });
    await runCron(REMINDERS, monday(9), { NOTIFY_QUEUE: queue });
    expect(await reminderRows(id)).toEqual([]);
    await runCron(REMINDERS, monday(10), { NOTIFY_QUEUE: queue });
    await runCron(REMINDERS, monday(11), { NOTIFY_QUEUE: queue });
    await runCron(REMINDERS, monday(12), { NOTIFY_QUEUE: queue });
    expect(await reminderRows(id)).toEqual([{ purpose: "reminder", sequence: 0 }]);
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, ...customerEmailsOn }, 10, { at });
    // The sweep in the same job sent the confirmation the test had set aside; one reminder.
    const reminders = mailer.sent.filter(
      (sent) =>
        sent.to === email && (sent.mail.header("subject") ?? "").startsWith("Reminder: your appointment tomorrow"),
    );
    expect(reminders).toHaveLength(1);
    expect(calendarOf(reminders[0]!).calendar.method).toBe("REQUEST");
    const page = await (
      await fetchWorker(
        `/incoming/service-requests/${id}`,
        { headers: { Cookie: await ownerAt(monday(13)) } },
        { at: monday(13) },
      )
    ).text();
    expect(page).toContain("Reminder sent Dec 21, 2026, 10:15 AM EST");
  });

  it("never goes for a cancelled appointment", async () => {
    const { id } = await bookedFor({ date: "2026-12-22", kind: "waiter", time: "08:00" });
    const cancelled = await postStaffForm(
      cookies.owner,
      `/incoming/service-requests/${id}/appointment`,
      { intent: "cancel" },
      { at },
    );
    expect(cancelled.headers.get("Location")).toBe(`/incoming/service-requests/${id}#appointment`);
    await runCron(REMINDERS, monday(14), { NOTIFY_QUEUE: queue });
    expect(await reminderRows(id)).toEqual([]);
  });

  it("is armed again by a reschedule, for the new day", async () => {
    const { id } = await bookedFor({ date: "2026-12-22", kind: "waiter", time: "13:00" });
    await runCron(REMINDERS, monday(15), { NOTIFY_QUEUE: queue });
    expect(await reminderRows(id)).toEqual([{ purpose: "reminder", sequence: 0 }]);
    const moved = await postStaffForm(
      await ownerAt(monday(16)),
      `/incoming/service-requests/${id}/appointment`,
      { intent: "move", place: "2026-12-23|drop-off|" },
      { at: monday(16) },
    );
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(`/incoming/service-requests/${id}#appointment`);
    await runCron(REMINDERS, monday(17), { NOTIFY_QUEUE: queue });
    expect(await reminderRows(id)).toHaveLength(1);
    await runCron(REMINDERS, new Date(Date.UTC(2026, 11, 22, 15, 15)), { NOTIFY_QUEUE: queue });
    expect(await reminderRows(id)).toEqual([
      { purpose: "reminder", sequence: 0 },
      { purpose: "reminder", sequence: 1 },
    ]);
  });

  it("does not go when the shop closes that day after all, nor for a day already past", async () => {
    const { id } = await bookedFor({ date: "2026-12-29", kind: "drop-off" });
    expect((await call("POST", "/api/settings/closures", { date: "2026-12-29", reason: "Burst pipe" })).status).toBe(
      200,
    );
    await runCron(REMINDERS, new Date(Date.UTC(2026, 11, 28, 15, 15)), { NOTIFY_QUEUE: queue });
    expect(await reminderRows(id)).toEqual([]);
    await runCron(REMINDERS, new Date(Date.UTC(2026, 11, 30, 15, 15)), { NOTIFY_QUEUE: queue });
    expect(await reminderRows(id)).toEqual([]);
  });
});

describe("the shop's calendar", () => {
  /** GET /api/appointments for the days in `range`, as staff unless another cookie is given. */
  const listAppointments = (range: string, cookie = cookies.staff) =>
    call("GET", `/api/appointments?${range}`, undefined, { cookie });

  it("lists appointments by day through GET /api/appointments, at most 62 days at once", async () => {
    const id = await newRequest();
    expect((await book(id, { date: "2026-12-30", kind: "waiter", time: "08:00" })).status).toBe(201);
    const list = await listAppointments("from=2026-12-30&to=2026-12-30");
    expect(list.status).toBe(200);
    const entries = await list.json<{ serviceRequestId: string; time: string; recordPath: string }[]>();
    expect(entries.find((entry) => entry.serviceRequestId === id)).toMatchObject({
      time: "08:00",
      recordPath: `/incoming/service-requests/${id}`,
    });
    expect((await listAppointments("from=2026-12-01&to=2027-01-31")).status).toBe(200);
    expect((await listAppointments("from=2026-12-01&to=2027-02-01")).status).toBe(400);
    expect((await listAppointments("from=2026-12-31&to=2026-12-01")).status).toBe(400);
    expect((await listAppointments("from=2026-02-30&to=2026-03-01")).status).toBe(400);
    expect((await listAppointments("from=2026-12-01&to=2026-12-02", "")).status).toBe(401);
  });

  it("shows the week with each day's places used and free, closed days, and links to the records", async () => {
    const id = await newRequest();
    expect((await book(id, { date: "2026-12-04", kind: "waiter", time: "13:00" })).status).toBe(201);
    const page = await fetchWorker(
      "/incoming/calendar?date=2026-12-03",
      { headers: { Cookie: cookies.staff } },
      { at },
    );
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Week of Nov 30 – Dec 6");
    expect(html).toContain("Closed: Staff training");
    // Friday, December 4: the 1 PM slot's one place is taken.
    expect(html).toMatch(/Waiter 1:00 PM<\/span><span[^>]*>1 of 1 booked · 0 free/);
    expect(html).toContain(`href="/incoming/service-requests/${id}"`);
    const day = await (
      await fetchWorker("/incoming/calendar?view=day&date=2026-12-05", { headers: { Cookie: cookies.staff } }, { at })
    ).text();
    expect(day).toContain("Saturday, December 5");
    expect(day).toContain("Closed");
  });

  it("marks an appointment arrived, then done, audited; a cancelled one takes no mark", async () => {
    const id = await newRequest();
    const booked = await (await book(id, { date: "2026-11-30", kind: "drop-off" })).json<{ id: string }>();
    const mark = (value: string) =>
      postStaffForm(
        cookies.staff,
        "/incoming/calendar",
        { id: booked.id, mark: value, back: "/incoming/calendar?date=2026-11-30" },
        { at },
      );
    expect((await mark("arrived")).headers.get("Location")).toBe("/incoming/calendar?date=2026-11-30");
    const again = await mark("arrived");
    expect(again.status).toBe(302);
    await mark("done");
    const row = await env.DB.prepare("select status from appointments where id = ?").bind(booked.id).first();
    expect(row).toEqual({ status: "done" });
    const { results } = await env.DB.prepare(
      "select detail from audit_log where action = 'appointment.mark' and target = ?",
    )
      .bind(`service-requests/${id}`)
      .all();
    expect(results.map((entry) => (JSON.parse(String(entry.detail)) as { status: string }).status)).toEqual([
      "arrived",
      "done",
    ]);

    const other = await newRequest();
    const cancelled = await (await book(other, { date: "2026-11-30", kind: "drop-off" })).json<{ id: string }>();
    await postStaffForm(cookies.staff, `/incoming/service-requests/${other}/appointment`, { intent: "cancel" }, { at });
    await postStaffForm(cookies.staff, "/incoming/calendar", { id: cancelled.id, mark: "no-show" }, { at });
    const still = await env.DB.prepare("select status from appointments where id = ?").bind(cancelled.id).first();
    expect(still).toEqual({ status: "cancelled" });
  });
});

describe("moving an appointment", () => {
  it("offers every place with room but the one it has", async () => {
    const id = await newRequest();
    expect((await book(id, { date: "2026-12-08", kind: "drop-off" })).status).toBe(201);
    const html = await (
      await fetchWorker(`/incoming/service-requests/${id}`, { headers: { Cookie: cookies.staff } }, { at })
    ).text();
    const options = [...html.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1]);
    expect(options).not.toContain("2026-12-08|drop-off|");
    expect(options).toContain("2026-12-08|waiter|08:00");
  });
});
