import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { insertInboxRecords, uniqueEmail } from "../support/inbox";
import { staffApi, staffSessionCookie } from "../support/staff";
import { fetchWorker } from "../support/http";

// One customer across requests (issue 29, decision 047): requests of either kind are the same
// customer's when their emails agree trimmed and in lower case, or their phones' digits agree with a
// leading US 1 dropped. The record's API gives `customer`, its page lists the other requests, the
// inbox marks a request "Returning" when an earlier one exists.

let cookie: string;
const day = 86_400_000;
const now = Date.now();

beforeAll(async () => {
  cookie = await staffSessionCookie("casey");
}, 60_000);

/** A phone number no other record of this file has (the records' default one is shared). */
let line = 1000;
const uniqueLine = () => String(line++).padStart(4, "0");

type CustomerJson = {
  returning: boolean;
  others: { kind: string; id: string; at: string; status: string }[];
};
const customerOf = async (api: string, id: string) =>
  (await (await staffApi(cookie, `/api/${api}/${id}`)).json<{ customer: CustomerJson }>()).customer;

describe("GET /api/<kind>/<id> customer", () => {
  it("links requests by the phone written two ways, across kinds, newest first", async () => {
    const digits = uniqueLine();
    const [first] = await insertInboxRecords("contact", [
      { phone: `(667) 555-${digits}`, email: uniqueEmail(), submittedAt: now - 3 * day, status: "closed" },
    ]);
    const [second] = await insertInboxRecords("serviceRequest", [
      { phone: `+1 667-555-${digits}`, email: uniqueEmail(), submittedAt: now - day, status: "contacted" },
    ]);

    const ofSecond = await customerOf("service-requests", second!);
    expect(ofSecond).toEqual({
      returning: true,
      others: [{ kind: "contact-submissions", id: first, at: new Date(now - 3 * day).toISOString(), status: "closed" }],
    });
    // The first one has a later request, not an earlier one: not returning, the other listed.
    const ofFirst = await customerOf("contact-submissions", first!);
    expect(ofFirst).toEqual({
      returning: false,
      others: [{ kind: "service-requests", id: second, at: new Date(now - day).toISOString(), status: "contacted" }],
    });
  });

  it("links requests by the email in another case and with spaces", async () => {
    const email = uniqueEmail();
    const [earlier, later] = await insertInboxRecords("contact", [
      { email: `  ${email.toUpperCase()} `, phone: `(410) 555-${uniqueLine()}`, submittedAt: now - 2 * day },
      { email, phone: `(443) 555-${uniqueLine()}`, submittedAt: now - day },
    ]);
    const customer = await customerOf("contact-submissions", later!);
    expect(customer.returning).toBe(true);
    expect(customer.others.map((other) => other.id)).toEqual([earlier]);
  });

  it("links nobody else: a different email and phone, and spam, are left out", async () => {
    const email = uniqueEmail();
    const [alone] = await insertInboxRecords("contact", [{ email, phone: `(410) 555-${uniqueLine()}` }]);
    await insertInboxRecords("serviceRequest", [
      { email, phone: `(410) 555-${uniqueLine()}`, submittedAt: now - day, status: "spam" },
      // Same last seven digits, another area code: another customer.
      { email: uniqueEmail(), phone: `(301) 555-${uniqueLine()}`, submittedAt: now - day },
    ]);
    expect(await customerOf("contact-submissions", alone!)).toEqual({ returning: false, others: [] });
  });
});

describe("the inbox and the record page", () => {
  it("shows Returning on the card of a request with an earlier one only, in the page and the list API", async () => {
    const word = `w${crypto.randomUUID().slice(0, 8)}`;
    const phone = uniqueLine();
    const [earlier, later] = await insertInboxRecords("contact", [
      { message: `${word} first`, phone: `410.555.${phone}`, submittedAt: now - 5 * day },
      { message: `${word} again`, phone: `1 (410) 555 ${phone}`, submittedAt: now - day },
    ]);
    const listed = await (
      await staffApi(cookie, `/api/contact-submissions?q=${word}`)
    ).json<{ id: string; returning: boolean }[]>();
    expect(listed.map(({ id, returning }) => [id, returning])).toEqual([
      [later, true],
      [earlier, false],
    ]);

    // Without a search too (another query: the list's page by its index).
    const page = await (
      await staffApi(cookie, "/api/contact-submissions?limit=200")
    ).json<{ id: string; returning: boolean }[]>();
    expect([later, earlier].map((id) => page.find((record) => record.id === id)?.returning)).toEqual([true, false]);

    const html = await (await fetchWorker(`/incoming?q=${word}`, { headers: { Cookie: cookie } })).text();
    const cards = html.split("<article").slice(1);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toContain(later);
    expect(cards[0]).toContain("Returning");
    expect(cards[1]).toContain(earlier);
    expect(cards[1]).not.toContain("Returning");
  });

  it("lists the customer's other request on the record page, with its kind, status and last message, linked", async () => {
    const email = uniqueEmail();
    const [request] = await insertInboxRecords("serviceRequest", [
      { email, message: "Oil change last spring, thanks!", submittedAt: now - 30 * day, status: "closed" },
    ]);
    const [contact] = await insertInboxRecords("contact", [{ email, submittedAt: now }]);
    // The other request's conversation: its last email is what the page shows, not its message.
    await env.DB.prepare(
      `insert into record_messages (id, submission_kind, submission_id, direction, at, from_address, subject, body)
       values (?, 'serviceRequest', ?, 'in', ?, ?, 'Re: your car', 'Picked it up, runs great.')`,
    )
      .bind(crypto.randomUUID(), request, now - 29 * day, email)
      .run();

    const response = await fetchWorker(`/incoming/contact-messages/${contact}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const section = html.slice(html.indexOf('id="same-customer"'));
    expect(section).toContain(`href="/incoming/service-requests/${request}"`);
    expect(section).toContain("Service request");
    expect(section).toContain("Closed");
    expect(section).toContain("Picked it up, runs great.");
    expect(section).not.toContain("Oil change last spring");
    expect(html).toContain("Returning");
  });
});

describe("the record page's other requests", () => {
  /** A customer's other requests, one a day before `now`, newest first, and their request of today. */
  async function customerWith(others: number) {
    const email = uniqueEmail();
    const phone = `410-555-${uniqueLine()}`;
    const earlier = await insertInboxRecords(
      "serviceRequest",
      Array.from({ length: others }, (_, index) => ({ email, phone, submittedAt: now - (index + 1) * day })),
    );
    const [today] = await insertInboxRecords("contact", [{ email, phone, submittedAt: now }]);
    const html = await (
      await fetchWorker(`/incoming/contact-messages/${today}`, { headers: { Cookie: cookie } })
    ).text();
    const section = html.slice(html.indexOf('id="same-customer"'), html.indexOf('id="delete"'));
    const [shown = "", folded = ""] = section.split("<details");
    const links = (part: string) => earlier.filter((id) => part.includes(`/incoming/service-requests/${id}"`));
    return { email, earlier, today: today!, section, shown: links(shown), folded: links(folded) };
  }

  it("shows the latest 3 and keeps the others a click away, under a details that needs no JavaScript", async () => {
    const { earlier, section, shown, folded } = await customerWith(5);
    expect(shown).toEqual(earlier.slice(0, 3));
    expect(folded).toEqual(earlier.slice(3));
    expect(section).toContain("Show</span>");
    expect(section).toContain("2 earlier requests");
    // All of them fit: no search needed.
    expect(section).not.toContain("in the inbox");
  });

  it("shows no details when there are 3 or fewer", async () => {
    const { earlier, section, shown } = await customerWith(3);
    expect(shown).toEqual(earlier);
    expect(section).not.toContain("<details");
  });

  it("links the inbox's search by their email when they have more than the page reads, and the API's answer keeps 20", async () => {
    const { email, earlier, today, section, shown, folded } = await customerWith(23);
    expect(shown).toEqual(earlier.slice(0, 3));
    expect(folded).toEqual(earlier.slice(3, 20));
    const search = (tab: string) => `/incoming?${tab}status=all&amp;q=${encodeURIComponent(email)}`;
    expect(section).toContain(`href="${search("")}"`);
    expect(section).toContain(`href="${search("tab=service-requests&amp;")}"`);
    expect((await customerOf("contact-submissions", today)).others).toHaveLength(20);
  });
});
