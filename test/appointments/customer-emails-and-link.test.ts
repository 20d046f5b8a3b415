import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, postForm } from "../support/http";
import { d1Sessions } from "../support/d1";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { postStaffForm, toastCookie } from "../support/staff";
import {
  at,
  book,
  calendarOf,
  cookies,
  customerLinkIn,
  newRequest,
  setUpAppointments,
  customerEmailsOn,
} from "./support";

// Appointments (the clock and the shop as in ./support.ts): the customer's emails with their calendar
// file, and the customer's link.

beforeAll(setUpAppointments, 60_000);

describe("the customer's emails and calendar file", () => {
  const queue = recordingQueue();
  const mailer = recordingMailer();
  const deliver = () => deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, ...customerEmailsOn }, 10, { at });
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
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, ...customerEmailsOn }, 10, { at });
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

/**
 * A D1 on which another change to the appointment lands between the move's read and its write: the
 * move's batch runs just after `competitor` (a move to another day, as staff would make it).
 */
function dbWhereAnotherChangeWins(competitor: () => Promise<unknown>): D1Database {
  let armed = false;
  return d1Sessions((session) => ({
    prepare(query) {
      if (query.startsWith(`update "appointments" set "date"`)) armed = true;
      return session.prepare(query);
    },
    async batch<T>(statements: D1PreparedStatement[]) {
      if (armed) {
        armed = false;
        await competitor();
      }
      return session.batch<T>(statements);
    },
  }));
}

describe("a move that loses a race with another change", () => {
  const queue = recordingQueue();
  const mailer = recordingMailer();
  const email = `race-${crypto.randomUUID()}@example.com`;
  let appointmentId = "";
  let requestId = "";
  let link = "";

  beforeAll(async () => {
    requestId = await newRequest({ email });
    const booked = await book(
      requestId,
      { date: "2026-12-21", kind: "drop-off" },
      { bindings: { NOTIFY_QUEUE: queue } },
    );
    expect(booked.status).toBe(201);
    appointmentId = (await booked.json<{ id: string }>()).id;
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, ...customerEmailsOn }, 10, { at });
    link = customerLinkIn(mailer.sent.find((sent) => sent.to === email)!);
  });

  const movedMeanwhile = () =>
    env.DB.prepare("update appointments set date = '2026-12-22', sequence = sequence + 1 where id = ?")
      .bind(appointmentId)
      .run();

  it("tells the customer the appointment changed meanwhile (409), not that the day is full", async () => {
    const refused = await postForm(
      link,
      { intent: "move", place: "2026-12-28|drop-off|" },
      { at, bindings: { DB: dbWhereAnotherChangeWins(movedMeanwhile) } },
    );
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain("Your appointment was changed meanwhile");
    expect(html).not.toContain("is full");
    expect(html).not.toContain("choose another time");
    const row = await env.DB.prepare("select date from appointments where id = ?").bind(appointmentId).first();
    expect(row).toEqual({ date: "2026-12-22" });
  });

  it("tells staff on the record the same", async () => {
    const moved = await postStaffForm(
      cookies.staff,
      `/incoming/service-requests/${requestId}/appointment`,
      { intent: "move", place: "2026-12-29|drop-off|" },
      {
        at,
        bindings: {
          DB: dbWhereAnotherChangeWins(() =>
            env.DB.prepare("update appointments set sequence = sequence + 1 where id = ?").bind(appointmentId).run(),
          ),
        },
      },
    );
    expect(moved.status).toBe(302);
    const cookie = decodeURIComponent(toastCookie(moved).replace(/^[^=]*=/, ""));
    const toast = atob(cookie.slice(0, cookie.lastIndexOf(".")));
    expect(toast).toContain("changed meanwhile");
    expect(toast).not.toContain("is full");
  });
});

// Issue 40, item 6: the emails staff cause reach the customer with the settings as shipped. The
// owner's switch for visitor confirmations (off by default) governs only the automatic
// acknowledgement of a public form, never an appointment's confirmation.
describe("a staff booking with the default settings", () => {
  it("emails the customer the confirmation with its calendar file and link", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const email = `default-${crypto.randomUUID()}@example.com`;
    const id = await newRequest({ email });
    const booked = await book(id, { date: "2026-12-23", kind: "drop-off" }, { bindings: { NOTIFY_QUEUE: queue } });
    expect(booked.status).toBe(201);
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    const mail = mailer.sent.find((sent) => sent.to === email);
    expect(mail?.mail.header("subject")).toContain("Your appointment: Wednesday, December 23, 2026");
    expect(calendarOf(mail!).raw).toContain("METHOD:REQUEST");
    expect(customerLinkIn(mail!)).toMatch(/^\/appointments\//);
  });
});
