import { describe, expect, it } from "vitest";
import { shownFields } from "~/features/inbox/record-fields";
import { INBOX_KINDS, type InboxKind, inboxKinds } from "~/records/kinds";
import { fetchWorker, postJson } from "../support/http";
import { uniqueEmail, validContact, validServiceRequest } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { staffSessionCookie } from "../support/staff";

// Every field a visitor sends is shown wherever staff read a record: the inbox card, the record's
// page, the CSV export and the shop's email. All four read the field descriptions
// (app/features/inbox/record-fields.ts), so a field described there and left out of one of them
// fails here by its name and the place it is missing from.

const at = new Date("2026-11-23T15:00:00Z"); // Monday 10:00 AM in Pikesville: Tuesday can be asked for

const everyField: Record<InboxKind, () => Record<string, unknown>> = {
  contact: validContact,
  serviceRequest: () => ({
    ...validServiceRequest(),
    vehicleYear: 2019,
    vehicleMake: "Toyota",
    vehicleModel: "RAV4",
    mileage: 84_000,
    preferredDate: "2026-11-24",
    preferredTime: "morning",
    visitType: "drop-off",
  }),
};

const formPath: Record<InboxKind, string> = { contact: "/api/contact", serviceRequest: "/api/service-request" };

/** A page's text as a reader sees it: tags out, entities decoded, spaces collapsed. */
const readable = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replace(/\s+/g, " ");

function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') cell += text[++index];
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      index++;
    } else cell += char;
  }
  return rows;
}

describe.each(INBOX_KINDS)("every field of a %s, wherever staff read it", (kind) => {
  it("is on the inbox card, the record's page, in the CSV and in the shop's email", async () => {
    const email = uniqueEmail();
    const queue = recordingQueue();
    const answer = await postJson(
      formPath[kind],
      { ...everyField[kind](), email },
      { at, bindings: { NOTIFY_QUEUE: queue } },
    );
    expect(answer.status).toBe(201);
    const record = await answer.json<Record<string, unknown> & { id: string }>();
    const fields = shownFields(kind, record).filter((field) => field.text !== null);
    // Every described field was given: the sample covers them all.
    expect(fields.map((field) => field.key).sort()).toEqual(
      shownFields(kind, record)
        .map((field) => field.key)
        .sort(),
    );

    const cookie = await staffSessionCookie(`fields-${kind.toLowerCase()}`);
    const { slug, apiName } = inboxKinds[kind];
    const list = readable(
      await (await fetchWorker(`/incoming?tab=${slug}&q=${encodeURIComponent(email)}`, { headers: { cookie } })).text(),
    );
    const page = readable(await (await fetchWorker(`/incoming/${slug}/${record.id}`, { headers: { cookie } })).text());
    const csv = csvRows(
      (await (await fetchWorker(`/api/${apiName}.csv`, { headers: { cookie } })).text()).replace(/^\uFEFF/, ""),
    );
    const [header = [], ...rows] = csv;
    const csvRow = rows.find((row) => row.includes(record.id)) ?? [];
    const mailer = recordingMailer();
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    const mail = mailer.sent.find(({ mail }) => mail.text.includes(record.id))?.mail;
    expect(mail, "the shop's email about the record").toBeDefined();

    for (const field of fields) {
      const text = field.text ?? "";
      expect(list, `${kind}.${field.key} on the inbox card`).toContain(text);
      expect(page, `${kind}.${field.key} on the record's page`).toContain(text);
      expect(readable(mail?.text ?? ""), `${kind}.${field.key} in the shop's email`).toContain(text);
      const column = header.indexOf(field.csvHeader);
      expect(column, `${kind}.${field.key}'s column "${field.csvHeader}" in the CSV`).toBeGreaterThan(-1);
      expect(csvRow[column], `${kind}.${field.key} in the CSV`).toBe(String(field.csv));
    }
  });
});
