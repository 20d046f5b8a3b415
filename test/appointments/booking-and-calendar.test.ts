import { env } from "cloudflare:test";
import { convertIcsCalendar } from "ts-ics";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, ORIGIN, postForm } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue, runCron } from "../support/queue";
import { apiLogin, createStaffUser, postStaffForm, sessionCookie } from "../support/staff";

// Appointments with the Worker's clock pinned to Monday, November 30, 2026, 10:00 AM in Pikesville
// (weekdays 8 AM to 6 PM as shipped, Christmas closed): the owners' capacity, booking from a
// service request (the rules, the race for the last place, the contact it counts as), the
// customer's emails with their calendar file, and the customer's link.

const at = new Date("2026-11-30T15:00:00Z");
let owner = "";
let staff = "";

beforeAll(async () => {
  await createStaffUser("appt-owner", "appointments owner has a long password", "owner");
  await createStaffUser("appt-staff", "appointments staff has a long password", "staff");
  owner = sessionCookie(await apiLogin("appt-owner", "appointments owner has a long password", { at }));
  staff = sessionCookie(await apiLogin("appt-staff", "appointments staff has a long password", { at }));
}, 60_000);

function call(
  method: string,
  path: string,
  body?: unknown,
  options: { cookie?: string; when?: Date; bindings?: Partial<Env> } = {},
) {
  return fetchWorker(
    path,
    {
      method,
      headers: { Cookie: options.cookie ?? owner, "Content-Type": "application/json", Origin: ORIGIN },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { at: options.when ?? at, bindings: options.bindings },
  );
}

const capacity = {
  dropOffsPerDay: 2,
  waiterSlots: [
    { time: "13:00", places: 1 },
    { time: "07:00", places: 1 },
    { time: "08:00", places: 2 },
  ],
};

async function newRequest(fields: { preferredDate?: string; email?: string } = {}) {
  const [id] = await insertInboxRecords("serviceRequest", [
    { email: fields.email, submittedAt: at.getTime() - 3_600_000 },
  ]);
  if (fields.preferredDate) {
    await env.DB.prepare("update service_requests set preferred_date = ? where id = ?")
      .bind(fields.preferredDate, id!)
      .run();
  }
  return id!;
}

const book = (id: string, body: unknown, options: Parameters<typeof call>[3] = {}) =>
  call("POST", `/api/service-requests/${id}/appointment`, body, options);

beforeAll(async () => {
  expect((await call("PUT", "/api/settings/capacity", capacity)).status).toBe(200);
  // A closure on Wednesday and short hours on Thursday (9 AM to noon).
  expect((await call("POST", "/api/settings/closures", { date: "2026-12-02", reason: "Staff training" })).status).toBe(
    200,
  );
  const special = { date: "2026-12-03", opens: "09:00", closes: "12:00", reason: "Inventory" };
  expect((await call("POST", "/api/settings/special-hours", special)).status).toBe(200);
}, 30_000);

describe("the owners' capacity", () => {
  it("is read back as set, waiter slots by time, and audited", async () => {
    const response = await call("GET", "/api/settings/capacity");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      dropOffsPerDay: 2,
      waiterSlots: [
        { time: "07:00", places: 1 },
        { time: "08:00", places: 2 },
        { time: "13:00", places: 1 },
      ],
      changeCutoffMinutes: 120,
    });
    const { results } = await env.DB.prepare(
      "select actor_name, detail from audit_log where action = 'settings.capacity'",
    ).all();
    expect(results[0]).toMatchObject({ actor_name: "appt-owner" });
    expect(String(results[0]!.detail)).toContain("2 drop-offs a day");
  });

  it("is for owners only: 401 without a session, 403 for staff", async () => {
    expect((await call("GET", "/api/settings/capacity", undefined, { cookie: "" })).status).toBe(401);
    expect((await call("PUT", "/api/settings/capacity", capacity, { cookie: staff })).status).toBe(403);
  });

  it("refuses bad input with 400 naming the field, and keeps what was set", async () => {
    const bad = await call("PUT", "/api/settings/capacity", {
      dropOffsPerDay: -1,
      waiterSlots: [{ time: "25:00", places: 1 }],
    });
    expect(bad.status).toBe(400);
    const body = await bad.json<{ fieldErrors: Record<string, string[]> }>();
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["dropOffsPerDay", "waiterSlots"]);
    const twice = await call("PUT", "/api/settings/capacity", {
      dropOffsPerDay: 1,
      waiterSlots: [
        { time: "08:00", places: 1 },
        { time: "08:00", places: 2 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(
      (await (await call("GET", "/api/settings/capacity")).json<{ dropOffsPerDay: number }>()).dropOffsPerDay,
    ).toBe(2);
  });
});

describe("what a day can take, from the hours, closures and holidays", () => {
  it.each([
    ["a Saturday", { date: "2026-12-05", kind: "drop-off" }, "date"],
    ["a closure day", { date: "2026-12-02", kind: "drop-off" }, "date"],
    ["Christmas, a holiday the shop closes for", { date: "2026-12-25", kind: "drop-off" }, "date"],
    ["a past day", { date: "2026-11-27", kind: "drop-off" }, "date"],
    ["a date that does not exist", { date: "2026-02-30", kind: "drop-off" }, "date"],
    ["an unknown kind", { date: "2026-12-01", kind: "walk-in" }, "kind"],
    ["a waiter slot before the day opens (7 AM)", { date: "2026-12-01", kind: "waiter", time: "07:00" }, "time"],
    [
      "a waiter slot after short hours end (1 PM, closing at noon)",
      { date: "2026-12-03", kind: "waiter", time: "13:00" },
      "time",
    ],
    [
      "a waiter slot before short hours begin (8 AM, opening at 9)",
      { date: "2026-12-03", kind: "waiter", time: "08:00" },
      "time",
    ],
    ["a time that is no slot", { date: "2026-12-01", kind: "waiter", time: "09:30" }, "time"],
    ["a waiter without a time", { date: "2026-12-01", kind: "waiter" }, "time"],
  ])("refuses %s with 400 naming the field, and books nothing", async (_, body, field) => {
    const id = await newRequest();
    const response = await book(id, body);
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json<{ fieldErrors: object }>()).fieldErrors)).toEqual([field]);
    const { results } = await env.DB.prepare("select id from appointments where service_request_id = ?").bind(id).all();
    expect(results).toEqual([]);
  });

  it("offers the slots inside each day's hours, the preferred day first", async () => {
    const id = await newRequest({ preferredDate: "2026-12-03" });
    const page = await fetchWorker(`/incoming/service-requests/${id}`, { headers: { Cookie: staff } }, { at });
    const html = await page.text();
    // The places (date|kind|time); the reply form's template picker has options of its own.
    const options = [...html.matchAll(/<option value="(\d{4}-\d{2}-\d{2}\|[^"]*)"/g)].map((match) => match[1]);
    expect(options[0]).toBe("2026-12-03|drop-off|");
    // Thursday's short hours hold no waiter slot at all; Wednesday (closed) has nothing.
    expect(options.filter((value) => value!.startsWith("2026-12-03"))).toEqual(["2026-12-03|drop-off|"]);
    expect(options.some((value) => value!.startsWith("2026-12-02"))).toBe(false);
    expect(options).toContain("2026-12-01|waiter|08:00");
    expect(options).not.toContain("2026-12-01|waiter|07:00");
    // Today at 10 AM: the 1 PM slot is still ahead, the 8 AM one has passed.
    expect(options).toContain("2026-11-30|waiter|13:00");
    expect(options).not.toContain("2026-11-30|waiter|08:00");
  });
});

describe("booking from a service request", () => {
  it("answers 201 with the appointment, shows it on the record, and counts as the first contact", async () => {
    const id = await newRequest();
    const response = await book(
      id,
      { date: "2026-12-01", kind: "waiter", time: "08:00", note: "Brakes squeal" },
      { cookie: staff },
    );
    expect(response.status).toBe(201);
    const booked = await response.json<Record<string, unknown>>();
    expect(booked).toMatchObject({
      date: "2026-12-01",
      kind: "waiter",
      time: "08:00",
      status: "confirmed",
      sequence: 0,
    });
    expect(booked.id).toEqual(expect.any(String));

    const record = await (
      await call("GET", `/api/service-requests/${id}`, undefined, { cookie: staff })
    ).json<{
      status: string;
      firstContactAt: string;
      appointment: Record<string, unknown> | null;
      history: { status: string; changedBy: string }[];
    }>();
    expect(record.appointment).toMatchObject({ id: booked.id, date: "2026-12-01", time: "08:00", status: "confirmed" });
    expect(record.status).toBe("contacted");
    expect(new Date(record.firstContactAt).getTime()).toBe(at.getTime());
    expect(record.history[0]).toMatchObject({ status: "contacted", changedBy: "appt-staff" });
    const { results } = await env.DB.prepare("select action from audit_log where target = ? order by id")
      .bind(`service-requests/${id}`)
      .all();
    expect(results.map((row) => row.action)).toEqual(["appointment.book", "record.status"]);
  });

  it("gives a request without an appointment `appointment: null`", async () => {
    const id = await newRequest();
    const record = await (await call("GET", `/api/service-requests/${id}`)).json<{ appointment: unknown }>();
    expect(record.appointment).toBeNull();
  });

  it("refuses a second appointment for the same request with 409", async () => {
    const id = await newRequest();
    expect((await book(id, { date: "2026-12-07", kind: "drop-off" })).status).toBe(201);
    const again = await book(id, { date: "2026-12-08", kind: "drop-off" });
    expect(again.status).toBe(409);
  });

  it("answers 404 for an unknown request", async () => {
    expect((await book(crypto.randomUUID(), { date: "2026-12-07", kind: "drop-off" })).status).toBe(404);
  });

  it("answers 409 when full, naming the next days with room of that kind", async () => {
    for (const _ of [1, 2])
      expect((await book(await newRequest(), { date: "2026-12-09", kind: "drop-off" })).status).toBe(201);
    const full = await book(await newRequest(), { date: "2026-12-09", kind: "drop-off" });
    expect(full.status).toBe(409);
    const body = await full.json<{ message: string; nextDays: { date: string; openings: { kind: string }[] }[] }>();
    expect(body.message).toMatch(/full/);
    expect(body.nextDays[0]!.date).toBe("2026-12-10");
    expect(body.nextDays.every((day) => day.openings.every((opening) => opening.kind === "drop-off"))).toBe(true);
  });

  it("gives the last place to exactly one of 50 requests sent at once", async () => {
    const ids = await insertInboxRecords(
      "serviceRequest",
      Array.from({ length: 50 }, () => ({ submittedAt: at.getTime() })),
    );
    const answers = await Promise.all(ids.map((id) => book(id, { date: "2026-12-11", kind: "waiter", time: "13:00" })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const taken = await env.DB.prepare(
      "select count(*) as n from appointments where date = '2026-12-11' and time = '13:00'",
    ).first<{ n: number }>();
    expect(taken?.n).toBe(1);
  });
});

// ------------------------------------------------------------------------------------------------

// wrangler.toml's value types CONFIRM_VISITOR as "false"; the Worker reads any string through its schema.
const vars = (values: Record<string, string>): Partial<Env> => Object.assign({}, values);
const customerEmailsOn = vars({ CONFIRM_VISITOR: "true" });

type Sent = ReturnType<typeof recordingMailer>["sent"][number];

function calendarOf(mail: Sent) {
  const [file] = mail.mail.attachments;
  if (!file) throw new Error("No attachment");
  return { type: file.type, raw: file.content, calendar: convertIcsCalendar(undefined, file.content) };
}

const customerLinkIn = (mail: Sent) => {
  const link = /\/appointments\/([A-Za-z0-9_-]{43})/.exec(mail.mail.text)?.[0];
  if (!link) throw new Error("No link in the email");
  return link;
};

describe("the customer's emails and calendar file", () => {
  const queue = recordingQueue();
  const mailer = recordingMailer();
  const deliver = () => deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, ...customerEmailsOn });
  const email = `calendar-${crypto.randomUUID()}@example.com`;
  let link = "";

  it("confirms a booking with an .ics: METHOD:REQUEST, the shop as organizer, the time in UTC", async () => {
    const id = await newRequest({ email });
    expect(
      (await book(id, { date: "2026-12-14", kind: "waiter", time: "08:00" }, { bindings: { NOTIFY_QUEUE: queue } }))
        .status,
    ).toBe(201);
    await deliver();
    const mail = mailer.sent.find((sent) => sent.to === email)!;
    expect(mail.mail.header("subject")).toContain("Your appointment: Monday, December 14, 2026");
    expect(mail.mail.text).toContain("8:00 AM");
    expect(mail.mail.text).toContain("(410) 555-0192");
    const { type, raw, calendar } = calendarOf(mail);
    expect(type).toMatch(/^text\/calendar; method=REQUEST/);
    expect(raw).toContain("METHOD:REQUEST");
    expect(calendar.method).toBe("REQUEST");
    const [event] = calendar.events!;
    // ts-ics writes SEQUENCE:0 but reads a 0 back as absent (which RFC 5545 defines as 0).
    expect(raw).toMatch(/^SEQUENCE:0\r$/m);
    expect(event!.sequence ?? 0).toBe(0);
    expect(event!.status).toBe("CONFIRMED");
    expect(event!.organizer?.email).toBe(env.NOTIFY_FROM);
    expect(event!.stamp.date).toBeInstanceOf(Date);
    // 8:00 AM in America/New_York in December (EST, UTC-5).
    expect(event!.start.date.toISOString()).toBe("2026-12-14T13:00:00.000Z");
    expect(raw).toMatch(/DTSTART:20261214T130000Z/);
    link = customerLinkIn(mail);
  });

  it("moves it from the customer's link: same UID, SEQUENCE 1, the new time, and the shop is told", async () => {
    const first = calendarOf(mailer.sent.find((sent) => sent.to === email)!).calendar.events![0]!;
    const page = await fetchWorker(link, {}, { at });
    expect(page.status).toBe(200);
    const moved = await postForm(
      link,
      { intent: "move", place: "2026-12-15|drop-off|" },
      { at, bindings: { NOTIFY_QUEUE: queue } },
    );
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(`${link}?changed=moved`);
    mailer.sent.length = 0;
    await fetchWorker(link, {}, { at }); // a look changes nothing and sends nothing
    await deliver();
    const update = mailer.sent.find((sent) => sent.to === email)!;
    const event = calendarOf(update).calendar.events![0]!;
    expect(event.uid).toBe(first.uid);
    expect(event.sequence).toBe(1);
    expect(event.start.date.toISOString()).toBe("2026-12-15T13:00:00.000Z");
    const toShop = mailer.sent.find((sent) => sent.to !== email)!;
    expect(toShop.mail.header("subject")).toMatch(/moved by/);
    const { results } = await env.DB.prepare(
      "select actor_name, detail from audit_log where action = 'appointment.reschedule'",
    ).all();
    expect(results.at(-1)).toMatchObject({ actor_name: "customer" });
  });

  it("cancels it from the link: METHOD:CANCEL, STATUS:CANCELLED, SEQUENCE 2, same UID", async () => {
    const cancelled = await postForm(link, { intent: "cancel" }, { at, bindings: { NOTIFY_QUEUE: queue } });
    expect(cancelled.status).toBe(302);
    mailer.sent.length = 0;
    await deliver();
    const mail = mailer.sent.find((sent) => sent.to === email)!;
    const { type, calendar } = calendarOf(mail);
    expect(type).toMatch(/^text\/calendar; method=CANCEL/);
    expect(calendar.method).toBe("CANCEL");
    expect(calendar.events![0]).toMatchObject({ sequence: 2, status: "CANCELLED" });
    expect(calendar.events![0]!.uid).toMatch(/^appointment-/);
    const page = await (await fetchWorker(link, {}, { at })).text();
    expect(page).toContain("Cancelled");
    expect(page).not.toContain("Cancel my appointment");
  });
});

describe("the customer's link", () => {
  async function bookedLink(body: object) {
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const email = `link-${crypto.randomUUID()}@example.com`;
    const id = await newRequest({ email });
    expect((await book(id, body, { bindings: { NOTIFY_QUEUE: queue } })).status).toBe(201);
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, ...customerEmailsOn });
    return { id, link: customerLinkIn(mailer.sent.find((sent) => sent.to === email)!) };
  }

  const state = async (id: string) => ({
    row: await env.DB.prepare(
      "select status, sequence, updated_at, date, time from appointments where service_request_id = ?",
    )
      .bind(id)
      .first(),
    messages: (
      await env.DB.prepare(
        "select count(*) as n from appointment_messages m join appointments a on a.id = m.appointment_id where a.service_request_id = ?",
      )
        .bind(id)
        .first<{ n: number }>()
    )?.n,
    audit: (
      await env.DB.prepare("select count(*) as n from audit_log where target = ?")
        .bind(`service-requests/${id}`)
        .first<{ n: number }>()
    )?.n,
  });

  it("changes nothing however often it is opened, is never stored and kept out of search", async () => {
    const { id, link } = await bookedLink({ date: "2026-12-16", kind: "drop-off" });
    const before = await state(id);
    for (const _ of [1, 2, 3]) {
      const response = await fetchWorker(link, {}, { at });
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
      const html = await response.text();
      expect(html).toMatch(/<meta name="robots" content="noindex/);
      expect(html).toContain("Move my appointment");
    }
    expect(await state(id)).toEqual(before);
  });

  it("answers 404 for a token it never gave", async () => {
    const response = await fetchWorker(`/appointments/${"A".repeat(43)}`, {}, { at });
    expect(response.status).toBe(404);
    expect((await fetchWorker("/appointments/short", {}, { at })).status).toBe(404);
  });

  it("stores the token only hashed", async () => {
    const { id, link } = await bookedLink({ date: "2026-12-17", kind: "drop-off" });
    const token = link.split("/").at(-1)!;
    const row = await env.DB.prepare("select * from appointments where service_request_id = ?").bind(id).first();
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("refuses a change within the owner's cut-off (2 hours) and says to call", async () => {
    const { id, link } = await bookedLink({ date: "2026-11-30", kind: "waiter", time: "13:00" });
    const before = await state(id);
    const late = new Date("2026-11-30T16:30:00Z"); // 11:30 AM: 90 minutes before
    const page = await (await fetchWorker(link, {}, { at: late })).text();
    expect(page).toContain("too close to your appointment");
    expect(page).not.toContain("Cancel my appointment");
    const refused = await postForm(link, { intent: "cancel" }, { at: late });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("(410) 555-0192");
    expect(await state(id)).toEqual(before);
  });

  it("stops working after the day after the appointment", async () => {
    const { link } = await bookedLink({ date: "2026-12-18", kind: "drop-off" });
    expect((await fetchWorker(link, {}, { at: new Date("2026-12-20T04:00:00Z") })).status).toBe(200);
    expect((await fetchWorker(link, {}, { at: new Date("2026-12-20T05:30:00Z") })).status).toBe(404);
  });
});

describe("the reminder the day before", () => {
  const REMINDERS = "15 * * * *";
  const queue = recordingQueue();
  const mailer = recordingMailer();
  /** Monday, December 21, 2026 at the given hour and minute in Pikesville (EST, UTC-5). */
  const monday = (hour: number, minute = 15) => new Date(Date.UTC(2026, 11, 21, hour + 5, minute));
  const reminderRows = async (id: string) =>
    (
      await env.DB.prepare(
        "select m.purpose, m.sequence from appointment_messages m join appointments a on a.id = m.appointment_id where a.service_request_id = ? and m.purpose = 'reminder' order by m.id",
      )
        .bind(id)
        .all()
    ).results;
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

  it("goes once, from 10 AM the day before, through the queue, and shows on the record", async () => {
    const { id, email } = await bookedFor({ date: "2026-12-22", kind: "drop-off" });
    await runCron(REMINDERS, monday(9), { NOTIFY_QUEUE: queue });
    expect(await reminderRows(id)).toEqual([]);
    await runCron(REMINDERS, monday(10), { NOTIFY_QUEUE: queue });
    await runCron(REMINDERS, monday(11), { NOTIFY_QUEUE: queue });
    await runCron(REMINDERS, monday(12), { NOTIFY_QUEUE: queue });
    expect(await reminderRows(id)).toEqual([{ purpose: "reminder", sequence: 0 }]);
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, ...customerEmailsOn });
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
      owner,
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
  it("lists appointments by day through GET /api/appointments, at most 62 days at once", async () => {
    const id = await newRequest();
    expect((await book(id, { date: "2026-12-30", kind: "waiter", time: "08:00" })).status).toBe(201);
    const list = await call("GET", "/api/appointments?from=2026-12-30&to=2026-12-30", undefined, { cookie: staff });
    expect(list.status).toBe(200);
    const entries = await list.json<{ serviceRequestId: string; time: string; recordPath: string }[]>();
    expect(entries.find((entry) => entry.serviceRequestId === id)).toMatchObject({
      time: "08:00",
      recordPath: `/incoming/service-requests/${id}`,
    });
    expect(
      (await call("GET", "/api/appointments?from=2026-12-01&to=2027-01-31", undefined, { cookie: staff })).status,
    ).toBe(200);
    expect(
      (await call("GET", "/api/appointments?from=2026-12-01&to=2027-02-01", undefined, { cookie: staff })).status,
    ).toBe(400);
    expect(
      (await call("GET", "/api/appointments?from=2026-12-31&to=2026-12-01", undefined, { cookie: staff })).status,
    ).toBe(400);
    expect(
      (await call("GET", "/api/appointments?from=2026-02-30&to=2026-03-01", undefined, { cookie: staff })).status,
    ).toBe(400);
    expect(
      (await call("GET", "/api/appointments?from=2026-12-01&to=2026-12-02", undefined, { cookie: "" })).status,
    ).toBe(401);
  });

  it("shows the week with each day's places used and free, closed days, and links to the records", async () => {
    const id = await newRequest();
    expect((await book(id, { date: "2026-12-04", kind: "waiter", time: "13:00" })).status).toBe(201);
    const page = await fetchWorker("/incoming/calendar?date=2026-12-03", { headers: { Cookie: staff } }, { at });
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Week of Nov 30 – Dec 6");
    expect(html).toContain("Closed: Staff training");
    // Friday, December 4: the 1 PM slot's one place is taken.
    expect(html).toMatch(/Waiter 1:00 PM<\/span><span[^>]*>1 of 1 booked · 0 free/);
    expect(html).toContain(`href="/incoming/service-requests/${id}"`);
    const day = await (
      await fetchWorker("/incoming/calendar?view=day&date=2026-12-05", { headers: { Cookie: staff } }, { at })
    ).text();
    expect(day).toContain("Saturday, December 5");
    expect(day).toContain("Closed");
  });

  it("marks an appointment arrived, then done, audited; a cancelled one takes no mark", async () => {
    const id = await newRequest();
    const booked = await (await book(id, { date: "2026-11-30", kind: "drop-off" })).json<{ id: string }>();
    const mark = (value: string) =>
      postStaffForm(
        staff,
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
    await postStaffForm(staff, `/incoming/service-requests/${other}/appointment`, { intent: "cancel" }, { at });
    await postStaffForm(staff, "/incoming/calendar", { id: cancelled.id, mark: "no-show" }, { at });
    const still = await env.DB.prepare("select status from appointments where id = ?").bind(cancelled.id).first();
    expect(still).toEqual({ status: "cancelled" });
  });
});

describe("moving an appointment", () => {
  it("offers every place with room but the one it has", async () => {
    const id = await newRequest();
    expect((await book(id, { date: "2026-12-08", kind: "drop-off" })).status).toBe(201);
    const html = await (
      await fetchWorker(`/incoming/service-requests/${id}`, { headers: { Cookie: staff } }, { at })
    ).text();
    const options = [...html.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1]);
    expect(options).not.toContain("2026-12-08|drop-off|");
    expect(options).toContain("2026-12-08|waiter|08:00");
  });
});
