import { describe, expect, it } from "vitest";
import { serviceNamesOf, shippedServices } from "~/content/services";
import { recordFields, shownFields } from "~/features/inbox/record-fields";
import { contactSchema } from "~/features/submissions/contact-schema";
import { serviceRequestSchemaAt } from "~/features/submissions/service-request-schema";
import { z } from "~/forms/zod";
import { weeklyOnlySchedule } from "~/hours/shop-schedule";
import { INBOX_KINDS, type InboxKind, inboxKinds } from "~/records/kinds";
import { parseCsv } from "../support/csv";
import { fetchWorker, postJson } from "../support/http";
import { uniqueEmail, validContact, validServiceRequest, vehicleAndVisit } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { staffSessionCookie } from "../support/staff";

// Every field a visitor sends is shown wherever staff read a record: the inbox card, the record's
// page, the CSV export and the shop's email. All four read the field descriptions
// (app/features/inbox/record-fields.ts), so a field described there and left out of one of them
// fails here by its name and the place it is missing from.

const at = new Date("2026-11-23T15:00:00Z"); // Monday 10:00 AM in Pikesville: Tuesday can be asked for

const everyField: Record<InboxKind, () => Record<string, unknown>> = {
  contact: validContact,
  serviceRequest: () => ({ ...validServiceRequest(), ...vehicleAndVisit() }),
};

const schemas: Record<InboxKind, z.ZodObject> = {
  contact: contactSchema,
  serviceRequest: serviceRequestSchemaAt(at, weeklyOnlySchedule),
};

type Node = z.core.JSONSchema.JSONSchema;
/** A value the form takes for a field the sample does not know yet: its first choice, its least number, or text. */
function anyValueFor(node: Node): unknown {
  const branches = [node, ...(node.anyOf ?? []).filter((branch): branch is Node => typeof branch === "object")];
  const choice = branches.flatMap((branch) => branch.enum ?? []).find((value) => typeof value === "string");
  if (choice !== undefined) return choice;
  const number = branches.find((branch) => branch.type === "integer" || branch.type === "number");
  if (number) return number.minimum ?? 1;
  return "Sample text";
}

/** The sample, with every field the kind's description names and the sample lacks filled in from the schema. */
function withEveryDescribedField(kind: InboxKind): Record<string, unknown> {
  const sample = everyField[kind]();
  const { properties = {} } = z.toJSONSchema(schemas[kind], { io: "input", unrepresentable: "any" });
  for (const key of Object.keys(recordFields[kind])) {
    const node = properties[key];
    if (!(key in sample) && typeof node === "object") sample[key] = anyValueFor(node);
  }
  return sample;
}

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

describe.each(INBOX_KINDS)("every field of a %s, wherever staff read it", (kind) => {
  it("is on the inbox card, the record's page, in the CSV and in the shop's email", async () => {
    const email = uniqueEmail();
    const queue = recordingQueue();
    const answer = await postJson(
      formPath[kind],
      { ...withEveryDescribedField(kind), email },
      { at, bindings: { NOTIFY_QUEUE: queue } },
    );
    expect(answer.status).toBe(201);
    const record = await answer.json<Record<string, unknown> & { id: string }>();
    const fields = shownFields(kind, record, serviceNamesOf(shippedServices)).filter((field) => field.text !== null);
    // Every described field was given: the sample covers them all.
    expect(fields.map((field) => field.key).sort()).toEqual(
      shownFields(kind, record, serviceNamesOf(shippedServices))
        .map((field) => field.key)
        .sort(),
    );

    const cookie = await staffSessionCookie(`fields-${kind.toLowerCase()}`);
    const { slug, apiName } = inboxKinds[kind];
    const list = readable(
      await (await fetchWorker(`/incoming?tab=${slug}&q=${encodeURIComponent(email)}`, { headers: { cookie } })).text(),
    );
    const page = readable(await (await fetchWorker(`/incoming/${slug}/${record.id}`, { headers: { cookie } })).text());
    const csv = parseCsv(
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
