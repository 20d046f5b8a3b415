import ICAL from "ical.js";
import nodeIcal, { type VEvent } from "node-ical";
import { beforeAll, describe, expect, it } from "vitest";
import { foldLine } from "~/features/appointments/server/icalendar.server";
import { fetchWorker, postForm } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue, runCron } from "../support/queue";
import { postStaffForm } from "../support/staff";
import {
  at,
  book,
  calendarOf,
  cookies,
  customerEmailsOn,
  customerLinkIn,
  type Sent,
  setUpAppointments,
} from "./support";

// Every calendar file the app writes (the customer's confirmation, update, reminder and
// cancellation, and the members' feed), for a customer whose name and note are full of what
// iCalendar gives a meaning (; , : \ and a double quote) and of text outside ASCII, read back by
// two parsers written apart from each other and from the app (ical.js and node-ical): the
// attendee is the customer's own address with their name as its one CN, no parameter smuggled in;
// the text comes back as written; no line is longer than 75 octets (RFC 5545 §3.1) and no fold
// falls inside a character.

const FIRST_NAME = "Zoë 山田; ROLE=CHAIR:mailto:evil@x.test, \\";
const LAST_NAME = 'O"Neil 李';
// Long enough to fold several times, with characters of 1, 2, 3 and 4 octets on every side of a fold.
const NOTE = `Spare key: glovebox; tyres, "winter" set \\ ${"山田 Zoë 🚗; ".repeat(12)}end`;
const EMAIL = `calendar-files-${crypto.randomUUID()}@example.com`;
/** The name as a parameter can carry it (app/features/appointments/server/icalendar.server.ts). */
const CN = `${FIRST_NAME} ${LAST_NAME}`.replace(/"/g, "'").replace(/;/g, ",");

const files: { name: string; bytes: Uint8Array }[] = [];
const utf8 = new TextEncoder();

beforeAll(async () => {
  await setUpAppointments();
  const queue = recordingQueue();
  const mailer = recordingMailer();
  const deliver = () => deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, ...customerEmailsOn });
  const fileOf = (purpose: string, mail: Sent | undefined) => {
    if (!mail) throw new Error(`No ${purpose} email`);
    files.push({ name: purpose, bytes: utf8.encode(calendarOf(mail).raw) });
  };
  const lastMailTo = () => mailer.sent.filter((sent) => sent.to === EMAIL).at(-1);

  const [id] = await insertInboxRecords("serviceRequest", [
    { firstName: FIRST_NAME, lastName: LAST_NAME, email: EMAIL, submittedAt: at.getTime() - 3_600_000 },
  ]);
  const booked = await book(
    id!,
    { date: "2026-12-14", kind: "waiter", time: "08:00", note: NOTE },
    { bindings: { NOTIFY_QUEUE: queue } },
  );
  expect(booked.status).toBe(201);
  await deliver();
  fileOf("confirmation", lastMailTo());
  const link = customerLinkIn(lastMailTo()!);

  const moved = await postForm(
    link,
    { intent: "move", place: "2026-12-15|drop-off|" },
    { at, bindings: { NOTIFY_QUEUE: queue } },
  );
  expect(moved.status).toBe(302);
  await deliver();
  fileOf("update", lastMailTo());

  // The reminder goes from 10 AM the day before: Monday, December 14, 10:15 AM in Pikesville.
  await runCron("15 * * * *", new Date("2026-12-14T15:15:00Z"), { NOTIFY_QUEUE: queue });
  await deliver();
  fileOf("reminder", lastMailTo());

  const made = await postStaffForm(cookies.owner, "/incoming/account/calendar-feed", { intent: "make" }, { at });
  const feed = /https?:\/\/[^/"]+(\/appointments\/feed\/[A-Za-z0-9_-]{43}\.ics)/.exec(await made.text())?.[1];
  const response = await fetchWorker(feed!, {}, { at });
  expect(response.status).toBe(200);
  files.push({ name: "feed", bytes: new Uint8Array(await response.arrayBuffer()) });

  const cancelled = await postForm(link, { intent: "cancel" }, { at, bindings: { NOTIFY_QUEUE: queue } });
  expect(cancelled.status).toBe(302);
  await deliver();
  fileOf("cancellation", lastMailTo());
}, 120_000);

const text = (bytes: Uint8Array) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);

/** The file's physical lines, each decoded alone: a fold inside a UTF-8 sequence fails to decode. */
function physicalLines(bytes: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      lines.push(bytes.subarray(start, i));
      start = i + 2;
      i++;
    }
  }
  expect(start, "the file ends with CRLF").toBe(bytes.length);
  return lines;
}

/** node-ical gives a TEXT with parameters as `{ params, val }`, one without as a string. */
const textOf = (value: unknown) => (typeof value === "string" ? value : (value as { val: string }).val);

/** Each file's customer event, as ical.js reads it. */
function icalJsEvent(raw: string) {
  // A whole calendar parses to one component (ical.js types the result as any).
  const calendar = new ICAL.Component(ICAL.parse(raw) as unknown[]);
  const events = calendar.getAllSubcomponents("vevent");
  expect(events.length).toBeGreaterThan(0);
  return events.at(-1)!;
}

/** Each file's customer event, as node-ical reads it. */
function nodeIcalEvent(raw: string) {
  const events = Object.values(nodeIcal.sync.parseICS(raw)).filter(
    (entry): entry is VEvent => entry?.type === "VEVENT",
  );
  expect(events.length).toBeGreaterThan(0);
  return events.at(-1)!;
}

describe("every calendar file the app writes", () => {
  it("was written: confirmation, update, reminder, feed and cancellation", () => {
    expect(files.map((file) => file.name)).toEqual(["confirmation", "update", "reminder", "feed", "cancellation"]);
  });

  it("has lines of at most 75 octets, folded between characters, in valid UTF-8", () => {
    for (const file of files) {
      const lines = physicalLines(file.bytes);
      for (const [number, line] of lines.entries()) {
        expect(line.length, `${file.name} line ${number + 1}`).toBeLessThanOrEqual(75);
        expect(() => text(line), `${file.name} line ${number + 1} alone`).not.toThrow();
        expect(text(line), `${file.name} line ${number + 1}`).not.toContain("\ufffd");
      }
      // Folding was needed: the name and the note make lines longer than 75 octets.
      expect(
        lines.some((line) => line[0] === 0x20),
        file.name,
      ).toBe(true);
    }
  });

  it("names the customer's own address as the one attendee, with their name as its CN (ical.js)", () => {
    for (const file of files.filter((entry) => entry.name !== "feed")) {
      const event = icalJsEvent(text(file.bytes));
      const attendees = event.getAllProperties("attendee");
      expect(attendees, file.name).toHaveLength(1);
      expect(attendees[0]!.getFirstValue(), file.name).toBe(`mailto:${EMAIL}`);
      expect(attendees[0]!.getParameter("cn"), file.name).toBe(CN);
      expect(attendees[0]!.getParameter("role"), file.name).toBeUndefined();
      expect(event.getFirstProperty("organizer")!.getFirstValue(), file.name).toMatch(/^mailto:[^@]+@[^@]+$/);
    }
  });

  it("names the customer's own address as the one attendee, with their name as its CN (node-ical)", () => {
    for (const file of files.filter((entry) => entry.name !== "feed")) {
      const event = nodeIcalEvent(text(file.bytes));
      const attendee = event.attendee as unknown as { val: string; params: Record<string, unknown> };
      expect(Array.isArray(attendee), file.name).toBe(false);
      expect(attendee.val, file.name).toBe(`mailto:${EMAIL}`);
      expect(Object.keys(attendee.params).sort(), file.name).toEqual(["CN", "PARTSTAT", "RSVP"]);
      expect(attendee.params.CN, file.name).toBe(CN);
    }
  });

  it("gives the feed's text back as written, in both parsers", () => {
    const feed = text(files.find((file) => file.name === "feed")!.bytes);
    const summary = `Drop-off: ${FIRST_NAME} ${LAST_NAME}`;
    const viaIcalJs = icalJsEvent(feed);
    expect(viaIcalJs.getFirstPropertyValue("summary")).toBe(summary);
    expect(String(viaIcalJs.getFirstPropertyValue("description")).split("\n")).toContain(NOTE);
    const viaNodeIcal = nodeIcalEvent(feed);
    expect(viaNodeIcal.summary).toBe(summary);
    expect(textOf(viaNodeIcal.description).split("\n")).toContain(NOTE);
  });

  it("tells both parsers the same event: its UID, times, sequence and status", () => {
    for (const file of files) {
      const raw = text(file.bytes);
      const viaIcalJs = icalJsEvent(raw);
      const viaNodeIcal = nodeIcalEvent(raw);
      expect(viaNodeIcal.uid, file.name).toBe(viaIcalJs.getFirstPropertyValue("uid"));
      expect(viaNodeIcal.start.toISOString(), file.name).toBe(
        (viaIcalJs.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
      );
      expect(viaIcalJs.getFirstPropertyValue("status"), file.name).toBe(
        file.name === "cancellation" ? "CANCELLED" : "CONFIRMED",
      );
    }
  });
});

describe("a folded line", () => {
  it("breaks at 75 octets between characters of 1 to 4 octets, and unfolds to what it was", () => {
    for (const character of ["a", "ë", "山", "🚗"]) {
      for (let offset = 0; offset < 4; offset++) {
        const line = `DESCRIPTION:${"x".repeat(offset)}${character.repeat(60)}`;
        const folded = foldLine(line);
        const lines = folded.split("\r\n");
        for (const physical of lines) {
          expect(utf8.encode(physical).length, `${character} after ${offset}`).toBeLessThanOrEqual(75);
          expect(physical.isWellFormed(), `${character} after ${offset}`).toBe(true);
        }
        expect(lines.slice(1).every((continuation) => continuation.startsWith(" "))).toBe(true);
        expect(folded.replace(/\r\n /g, "")).toBe(line);
      }
    }
  });
});
