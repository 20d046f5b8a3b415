import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { serviceNamesOf, shippedServices } from "~/content/services";
import { getDb } from "~/db/db.server";
import { contactSubmissions, serviceRequests } from "~/db/schema/inbox";
import { buildRawMessage } from "~/mail/mime.server";
import {
  type MailSettings,
  type NotifiedSubmission,
  overdueDigest,
  submissionNotification,
  visitorConfirmation,
} from "~/features/notifications/server/message.server";
import { validContact, validServiceRequest } from "../support/inbox";
import { readMail } from "../support/mail";
import { expectSays } from "../support/says";

const settings: MailSettings = {
  from: "notifications@shop.example",
  to: ["owner@shop.example", "desk@shop.example"],
  urlFor: (path) => new URL(path, "https://shop.example").href,
  services: serviceNamesOf(shippedServices),
};
// 10:42 AM in Pikesville (EST, UTC-5).
const submittedAt = new Date("2026-03-03T15:42:00Z");
const now = new Date("2026-03-03T15:42:07Z");

async function storedContact(fields: Partial<ReturnType<typeof validContact>> = {}): Promise<NotifiedSubmission> {
  const [record] = await getDb(env)
    .insert(contactSubmissions)
    .values({ ...validContact(), ...fields, submittedAt })
    .returning();
  return { form: "contact", record: record! };
}

async function storedServiceRequest(
  fields: Partial<typeof serviceRequests.$inferInsert> = {},
): Promise<NotifiedSubmission> {
  const [record] = await getDb(env)
    .insert(serviceRequests)
    .values({ ...validServiceRequest(), ...fields, submittedAt })
    .returning();
  return { form: "serviceRequest", record: record! };
}

const read = (submission: NotifiedSubmission) =>
  readMail(buildRawMessage(submissionNotification(submission, settings, { now })));

describe("the shop's email about a submission", () => {
  it("names the kind, the service and the visitor in the subject", async () => {
    const request = await storedServiceRequest({ firstName: "Jane", lastName: "Doe", service: "brake-service" });
    expect(read(request).header("subject")).toBe("Service request: Brake Repair & Service — Jane Doe");
    const contact = await storedContact({ firstName: "Jane", lastName: "Doe" });
    expect(read(contact).header("subject")).toBe("Contact message — Jane Doe");
  });

  it("comes from the shop, goes to every configured address and replies to the visitor", async () => {
    const mail = read(await storedContact({ firstName: "Maria", lastName: "Santos", email: "maria@example.com" }));
    expect(mail.header("from")).toBe("Pikesville Family Auto Repair <notifications@shop.example>");
    expect(mail.header("to")).toBe("<owner@shop.example>, <desk@shop.example>");
    expect(mail.header("reply-to")).toBe("Maria Santos <maria@example.com>");
  });

  it("has a date, a Message-ID per submission and MIME version 1.0", async () => {
    const submission = await storedContact();
    const mail = read(submission);
    expect(mail.header("date")).toBe("Tue, 03 Mar 2026 15:42:07 +0000");
    expect(mail.header("message-id")).toBe(`<contact-messages.${submission.record.id}@shop.example>`);
    expect(mail.header("mime-version")).toBe("1.0");
    // The same message however often it is built (a retry), so a mail client can tell it is one.
    expect(read(submission).header("message-id")).toBe(mail.header("message-id"));
  });

  it("carries every field the visitor sent, the shop's time, a call link and the record's page", async () => {
    const request = await storedServiceRequest({
      firstName: "James",
      lastName: "Okafor",
      phone: "410-555-0163",
      message: "2019 Toyota RAV4.\nGrinding noise from the front left wheel.",
    });
    const { text, html } = read(request);
    const link = `https://shop.example/incoming/service-requests/${request.record.id}`;
    expect(text).toContain("Service: Brake Repair & Service");
    expect(html).toContain("Brake Repair &amp; Service");
    for (const body of [text, html]) {
      expectSays(body, [
        "James Okafor",
        // Typed "410-555-0163": shown as people read a US number (the call-back desk, decision 037).
        "(410) 555-0163",
        "james.okafor@example.com",
        "Grinding noise from the front left wheel.",
        "Mar 3, 2026, 10:42 AM EST",
        "tel:4105550163",
        link,
      ]);
    }
    expect(text).toContain("2019 Toyota RAV4.\r\nGrinding noise");
    expect(html).toContain(`<a href="${link}"`);
    expect(html).toContain('<a href="tel:4105550163"');
  });

  it("lists the vehicle and the visit a service request gives, and leaves out what it does not", async () => {
    const request = await storedServiceRequest({
      vehicleYear: 2019,
      vehicleMake: "Toyota",
      vehicleModel: "RAV4",
      mileage: 84000,
      preferredDate: "2026-03-10",
      preferredTime: "morning",
      visitType: "drop-off",
    });
    const { text, html } = read(request);
    for (const line of [
      "Vehicle: 2019 Toyota RAV4",
      "Mileage: 84,000 miles",
      "Preferred date: Tue, Mar 10, 2026",
      "Preferred time: Morning",
      "Visit: Drop-off",
    ]) {
      expect(text).toContain(line);
    }
    expect(html).toContain("2019 Toyota RAV4");
    const bare = read(await storedServiceRequest());
    for (const label of ["Vehicle", "Mileage", "Preferred date", "Preferred time", "Visit"]) {
      expect(bare.text).not.toContain(`${label}:`);
    }
  });

  it("shows the time in the shop's zone in summer too", async () => {
    const [record] = await getDb(env)
      .insert(contactSubmissions)
      .values({ ...validContact(), submittedAt: new Date("2026-07-01T14:05:00Z") })
      .returning();
    expect(read({ form: "contact", record: record! }).text).toContain("Jul 1, 2026, 10:05 AM EDT");
  });

  it("encodes names beyond ASCII as UTF-8 in the headers", async () => {
    const mail = read(await storedContact({ firstName: "Zoë", lastName: "Ñúñez 李" }));
    expect(mail.header("subject")).toBe("Contact message — Zoë Ñúñez 李");
    expect(mail.header("reply-to")).toBe("Zoë Ñúñez 李 <maria.santos@example.com>");
    expect(mail.text).toContain("Zoë Ñúñez 李");
  });

  it("lets no line break in a name add a header", async () => {
    const submission = await storedContact({
      firstName: "Eve\r\nBcc: victim@example.net",
      lastName: "X\nSubject: free money\u2028Cc: other@example.net",
    });
    const mail = read(submission);
    expect(mail.headers.map(([name]) => name).sort()).toEqual(
      ["content-type", "date", "from", "message-id", "mime-version", "reply-to", "subject", "to"].sort(),
    );
    expect(mail.header("subject")).toBe(
      "Contact message — Eve Bcc: victim@example.net X Subject: free money Cc: other@example.net",
    );
    expect(mail.header("to")).toBe("<owner@shop.example>, <desk@shop.example>");
  });

  it("leaves out Reply-To rather than write an address that is not a plain one", async () => {
    const submission = await storedContact({ email: "visitor@example.com>\r\nBcc: victim@example.net" });
    const mail = read(submission);
    expect(mail.header("reply-to")).toBeUndefined();
    expect(mail.header("bcc")).toBeUndefined();
    expect(mail.text).toContain("Email: visitor@example.com> Bcc: victim@example.net");
  });

  it("refuses to build a message to an address that is not a plain one", () => {
    expect(() =>
      buildRawMessage({
        from: { address: "shop@example.com" },
        to: ["owner@example.com\r\nBcc: victim@example.net"],
        subject: "x",
        text: "x",
        html: "x",
        date: now,
        messageId: "x@example.com",
      }),
    ).toThrow(/Not a mail address/);
  });

  it("shows markup a visitor typed as text", async () => {
    const submission = await storedContact({
      firstName: "<b>Bold</b>",
      message: `<script>alert(1)</script><a href="https://evil.example">click</a> & "quotes"`,
    });
    const { html, text } = read(submission);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>Bold");
    expect(html).not.toContain('href="https://evil.example"');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&lt;a href=&quot;https://evil.example&quot;&gt;");
    expect(html).toContain("&amp; &quot;quotes&quot;");
    expect(text).toContain(`<script>alert(1)</script>`);
  });
});

describe("the digest of requests waiting past the promise", () => {
  it("lists each request with its service, time, phone and link", async () => {
    const request = await storedServiceRequest({ firstName: "Ann", lastName: "Lee", service: "oil-change" });
    const contact = await storedContact({ firstName: "Bo", lastName: "Chen" });
    const mail = readMail(
      buildRawMessage(
        overdueDigest([request, contact], { contact: 0, serviceRequest: 0 }, settings, { now, shopDate: "2026-03-04" }),
      ),
    );
    expect(mail.header("subject")).toBe("Waiting over 24 hours: 2 requests");
    expect(mail.header("message-id")).toBe("<digest.2026-03-04@shop.example>");
    expect(mail.text).toContain("2 requests are still new after 24 hours");
    expect(mail.text).toContain("Ann Lee: Oil Change Service, received Mar 3, 2026, 10:42 AM EST");
    expect(mail.text).toContain(`https://shop.example/incoming/service-requests/${request.record.id}`);
    expect(mail.text).toContain("Bo Chen: Contact message");
    expect(mail.html).toContain(`https://shop.example/incoming/contact-messages/${contact.record.id}`);
  });
});

describe("the visitor's confirmation", () => {
  it("greets the visitor by first name and echoes nothing else they typed", async () => {
    const submission = await storedServiceRequest({
      firstName: "Jane",
      lastName: "Buy cheap pills at spam.example",
      message: "Visit https://spam.example now",
    });
    const mail = readMail(buildRawMessage(visitorConfirmation(submission, settings, { now })));
    expect(mail.header("to")).toBe("<james.okafor@example.com>");
    expect(mail.header("reply-to")).toBe("Pikesville Family Auto Repair <owner@shop.example>");
    expect(mail.header("subject")).toBe("We received your service request — Pikesville Family Auto Repair");
    expect(mail.text).toMatch(/^Hi Jane,/);
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain("spam.example");
      expect(body).not.toContain("Buy cheap");
    }
  });
});
