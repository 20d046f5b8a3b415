import { beforeAll, describe, expect, it } from "vitest";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { book, calendarOf, customerLinkIn, newRequest, setUpAppointments } from "./support";

// Issue 40, item 6: the emails staff cause reach the customer with the settings as shipped. The
// owner's switch for visitor confirmations (off by default) governs only the automatic
// acknowledgement of a public form, never an appointment's confirmation.

beforeAll(setUpAppointments, 60_000);

describe("a staff booking with the default settings", () => {
  it("emails the customer the confirmation with its calendar file and link", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const email = `default-${crypto.randomUUID()}@example.com`;
    const id = await newRequest({ email });
    const booked = await book(id, { date: "2026-12-14", kind: "drop-off" }, { bindings: { NOTIFY_QUEUE: queue } });
    expect(booked.status).toBe(201);
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    const mail = mailer.sent.find((sent) => sent.to === email);
    expect(mail?.mail.header("subject")).toContain("Your appointment: Monday, December 14, 2026");
    expect(calendarOf(mail!).raw).toContain("METHOD:REQUEST");
    expect(customerLinkIn(mail!)).toMatch(/^\/appointments\//);
  });
});
