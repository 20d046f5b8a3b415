import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { buildRawMessage, type OutgoingMail } from "~/mail/mime.server";
import { readMail } from "../support/mail";

// The raw MIME the shop writes (app/mail/mime.server.ts), as a real mail reader parses it: postal-mime,
// the library the Worker reads incoming mail with, and independent of the writer.

// Non-Latin text with the characters that mean something in a header's structure.
const NAME = 'Олена "Зоя" Ковальчук; 李, 小龍: \\ 🚗';
const SUBJECT = `Запис на сервіс: ${"гальма, колодки; «передні» \\ задні — ".repeat(12)}李小龍 🚗`;

const mail = (fields: Partial<OutgoingMail> = {}): OutgoingMail => ({
  from: { address: "notifications@shop.example", name: NAME },
  to: ["owner@shop.example", "desk@shop.example"],
  replyTo: { address: "olena@example.com", name: NAME },
  subject: SUBJECT,
  text: "Перший рядок.\nДругий рядок.",
  html: "<p>Перший рядок.</p>",
  date: new Date("2026-03-03T15:42:07Z"),
  messageId: "appointment.1@shop.example",
  ...fields,
});

const calendar = {
  filename: "appointment.ics",
  contentType: "text/calendar; method=REQUEST; charset=UTF-8",
  content: `BEGIN:VCALENDAR\nSUMMARY:${"Заміна гальмівних колодок ".repeat(20)}\nEND:VCALENDAR`,
};

describe("a message as a mail reader parses it", () => {
  it("has the subject and display names in non-Latin text with their punctuation intact", async () => {
    const email = await PostalMime.parse(buildRawMessage(mail()));
    expect(email.subject).toBe(SUBJECT);
    expect(email.from).toEqual({ name: NAME, address: "notifications@shop.example" });
    expect(email.replyTo).toEqual([{ name: NAME, address: "olena@example.com" }]);
    expect(email.to).toEqual([
      { name: "", address: "owner@shop.example" },
      { name: "", address: "desk@shop.example" },
    ]);
    expect(email.messageId).toBe("<appointment.1@shop.example>");
    expect(email.date).toBe("2026-03-03T15:42:07.000Z");
    expect(email.text).toBe("Перший рядок.\r\nДругий рядок.");
    expect(email.html).toBe("<p>Перший рядок.</p>");
    expect(email.attachments).toEqual([]);
  });

  it("carries an attached file with its name, type and text beside the text and HTML", async () => {
    const email = await PostalMime.parse(buildRawMessage(mail({ attachments: [calendar] })), {
      attachmentEncoding: "utf8",
    });
    expect(email.text).toBe("Перший рядок.\r\nДругий рядок.");
    expect(email.html).toBe("<p>Перший рядок.</p>");
    expect(email.attachments).toHaveLength(1);
    const [file] = email.attachments;
    expect(file!.filename).toBe("appointment.ics");
    expect(file!.mimeType).toBe("text/calendar");
    expect(file!.method).toBe("REQUEST");
    expect(file!.disposition).toBe("attachment");
    // postal-mime gives a calendar's text with "\n" line ends and one at its end.
    expect(file!.content).toBe(`${calendar.content}\n`);
  });

  it("keeps every line within 998 octets, in ASCII, with CRLF line ends only", () => {
    const references = Array.from({ length: 8 }, (_, index) => `${"r".repeat(200)}.${index}@mail.example.com`);
    const raw = buildRawMessage(
      mail({ attachments: [calendar], inReplyTo: references.at(-1), references, subject: SUBJECT.repeat(10) }),
    );
    expect(raw).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    expect(raw).not.toMatch(/(?<!\r)\n|\r(?!\n)/);
    const lines = raw.split("\r\n");
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(998);
    // The header that carried the most text came to several lines, which a strict reader joins back.
    expect(readMail(raw).header("subject")).toBe(SUBJECT.repeat(10));
    expect(readMail(raw).header("references")?.split(" ")).toEqual(references.map((id) => `<${id}>`));
  });

  it("leaves out an id too long for its header line rather than write a line past 998 octets", async () => {
    const long = `${"x".repeat(990)}@mail.example.com`;
    const email = await PostalMime.parse(buildRawMessage(mail({ inReplyTo: long, references: [long, "a@b.example"] })));
    expect(email.inReplyTo).toBeUndefined();
    expect(email.references).toBe("<a@b.example>");
  });

  it("draws new boundaries for every message", () => {
    const boundary = (raw: string) => /boundary="([^"]+)"/.exec(raw)?.[1];
    expect(boundary(buildRawMessage(mail()))).not.toBe(boundary(buildRawMessage(mail())));
  });
});
