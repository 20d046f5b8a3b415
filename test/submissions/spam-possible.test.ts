import { describe, expect, it } from "vitest";
import { fetchWorker, postForm, postJson } from "../support/http";
import { storedRows, uniqueEmail, validContact, validServiceRequest } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { staffApi, staffSessionCookie } from "../support/staff";

// A customer whose browser or password manager fills the hidden anti-robot field is not spam for
// that alone: the message stays in the inbox, is emailed and counted, and is flagged "Possible spam".

const autofilled = ["1234 Reisterstown Rd, Pikesville, MD 21208", "Maria Santos", " ", "maria.santos@example.com"];

describe("an autofilled hidden field on a customer's message", () => {
  it.each(autofilled)("(%j) keeps it in the inbox, flagged, and emails it", async (value) => {
    const cookie = await staffSessionCookie(`pat${crypto.randomUUID().slice(0, 6)}`);
    const before = (await staffApi(cookie, "/api/contact-submissions?limit=1")).headers.get("X-Total-Count");
    const queue = recordingQueue();
    const email = uniqueEmail();
    const response = await postJson(
      "/api/contact",
      { ...validContact(), email, leave_blank: value },
      { bindings: { NOTIFY_QUEUE: queue } },
    );
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    expect(await storedRows("contact_submissions", email)).toEqual([
      expect.objectContaining({ status: "new", spam_reason: null, possible_spam: 1 }),
    ]);

    // Emailed, with the flag in the subject and the body.
    const mailer = recordingMailer();
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    const [sent] = mailer.sent.filter((mail) => mail.raw.includes(id));
    expect(sent!.mail.header("subject")).toBe("Possible spam · Contact message — Maria Santos");
    expect(sent!.mail.text).toContain("Possible spam: The hidden anti-robot field was filled in");

    // Counted, listed by default, and flagged in the API.
    const after = (await staffApi(cookie, "/api/contact-submissions?limit=1")).headers.get("X-Total-Count");
    expect(Number(after)).toBe(Number(before) + 1);
    const record = await (await staffApi(cookie, `/api/contact-submissions/${id}`)).json<Record<string, unknown>>();
    expect(record).toMatchObject({ status: "new", possibleSpam: true, spamReason: null });
  });

  it("is flagged on the inbox card and on the record's page", async () => {
    const cookie = await staffSessionCookie(`quinn${crypto.randomUUID().slice(0, 6)}`);
    const email = uniqueEmail();
    const response = await postForm("/", { ...validServiceRequest(), email, leave_blank: "James Okafor" });
    expect(response.status).toBe(302);
    const [row] = await storedRows("service_requests", email);
    expect(row).toMatchObject({ status: "new", possible_spam: 1 });

    const inbox = await (
      await fetchWorker(`/incoming?tab=service-requests&q=${encodeURIComponent(email)}`, {
        headers: { Cookie: cookie },
      })
    ).text();
    expect(inbox).toContain("Possible spam");
    expect(inbox).toContain(email);
    const page = await (
      await fetchWorker(`/incoming/service-requests/${String(row!.id)}`, { headers: { Cookie: cookie } })
    ).text();
    expect(page).toContain("Possible spam");
    expect(page).toContain("as a browser&#x27;s autofill sometimes does");
  });

  it("is not enough when the message itself reads like spam, or the field holds what no autofill writes", async () => {
    for (const [leave_blank, message] of [
      ["Maria Santos", "We offer SEO services and backlinks, reply for a free audit."],
      ["https://spam.example", validContact().message],
      ["buy now cheap viagra", validContact().message],
      ["line one\nline two", validContact().message],
    ]) {
      const email = uniqueEmail();
      expect((await postJson("/api/contact", { ...validContact(), email, message, leave_blank })).status).toBe(201);
      expect(await storedRows("contact_submissions", email), leave_blank).toEqual([
        expect.objectContaining({ status: "spam", possible_spam: 0 }),
      ]);
    }
  });

  it("an empty hidden field flags nothing", async () => {
    const email = uniqueEmail();
    expect((await postJson("/api/contact", { ...validContact(), email, leave_blank: "" })).status).toBe(201);
    expect(await storedRows("contact_submissions", email)).toEqual([
      expect.objectContaining({ status: "new", possible_spam: 0 }),
    ]);
  });
});
