import { createScheduledController, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { isSpamMessage } from "~/features/submissions/server/spam-rule.server";
import worker from "../../workers/app";
import { fetchWorker, postJson, rateLimiterAllowing } from "../support/http";
import { insertInboxRecords, storedRows, uniqueEmail, validContact, validServiceRequest } from "../support/inbox";
import { staffApi, staffSessionCookie } from "../support/staff";

// Spam is kept aside, not dropped: stored with status spam and a reason, answered like a success,
// left out of the counts and the default lists, brought back by "Not spam", and purged after 30
// days by the nightly Cron Trigger.

let cookie: string;
const DAY = 86_400_000;

beforeAll(async () => {
  cookie = await staffSessionCookie("sam");
});

const forms = [
  { path: "/api/contact", table: "contact_submissions", valid: validContact },
  { path: "/api/service-request", table: "service_requests", valid: validServiceRequest },
] as const;

describe("spam on arrival", () => {
  for (const { path, table, valid } of forms) {
    it(`${path}: a message that is mostly links is stored as spam, answered like any other`, async () => {
      const email = uniqueEmail();
      const message = "cheap http://a.example/1 https://b.example/2 www.c.example/3 now";
      const response = await postJson(path, { ...valid(), email, message });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ ...valid(), email, message });
      expect(await storedRows(table, email)).toEqual([
        expect.objectContaining({ status: "spam", spam_reason: "links" }),
      ]);
    });

    it(`${path}: a customer who pastes links into a real message is not spam`, async () => {
      const email = uniqueEmail();
      const message =
        "Hi, I found these parts for my 2014 Honda Civic: https://parts.example/pads https://parts.example/rotors " +
        "https://parts.example/fluid. Could you install them next week and tell me what the labor would cost?";
      expect((await postJson(path, { ...valid(), email, message })).status).toBe(201);
      expect(await storedRows(table, email)).toEqual([expect.objectContaining({ status: "new", spam_reason: null })]);
    });

    it(`${path}: the rate limit applies before spam is considered`, async () => {
      const email = uniqueEmail();
      const response = await postJson(
        path,
        { ...valid(), email, leave_blank: "filled by a bot" },
        { bindings: { SUBMISSION_LIMITER: rateLimiterAllowing(0) } },
      );
      expect(response.status).toBe(429);
      expect(await storedRows(table, email)).toEqual([]);
    });
  }

  it("reads links however they are written, and never takes a customer's links alone for spam", () => {
    expect(isSpamMessage("http://a.example http://b.example http://c.example")).toBe(true);
    expect(isSpamMessage("Visit www.a.example www.b.example www.c.example www.d.example today for deals")).toBe(true);
    expect(isSpamMessage("http://a.example http://b.example only two links and nothing else")).toBe(false);
    expect(isSpamMessage("")).toBe(false);
    expect(
      isSpamMessage(
        "my car http://a.example http://b.example http://c.example makes a grinding noise when I brake hard",
      ),
    ).toBe(false);
  });
});

describe("the database", () => {
  it("refuses an unknown status, spam without its reason, and a reason on a record that is not spam", async () => {
    const insert = (status: string, reason: string | null) =>
      env.DB.prepare(
        "insert into contact_submissions (id, first_name, last_name, email, phone, message, status, spam_reason) values (?, 'A', 'B', 'a@example.com', '4105550100', 'Hi', ?, ?)",
      )
        .bind(crypto.randomUUID(), status, reason)
        .run();
    await expect(insert("archived", null)).rejects.toThrow(/CHECK constraint failed/);
    await expect(insert("spam", null)).rejects.toThrow(/CHECK constraint failed/);
    await expect(insert("spam", "bots")).rejects.toThrow(/CHECK constraint failed/);
    await expect(insert("new", "links")).rejects.toThrow(/CHECK constraint failed/);
    await expect(insert("spam", "links")).resolves.toBeDefined();
    await expect(insert("closed", null)).resolves.toBeDefined();
  });
});

describe("spam in the inbox", () => {
  it("is left out of the counts and the default lists, and 'Not spam' brings it back as new", async () => {
    const tag = `s${crypto.randomUUID().slice(0, 8)}`;
    const before = await counts();
    const [spam] = await insertInboxRecords("contact", [
      { lastName: tag, status: "spam", spamReason: "honeypot" },
      { lastName: tag, status: "new" },
    ]);
    expect(await counts()).toEqual({ total: before.total + 1, fresh: before.fresh + 1 });

    const listed = async (query: string) =>
      (await (await staffApi(cookie, `/api/contact-submissions?q=${tag}${query}`)).json<{ id: string }[]>()).length;
    expect(await listed("")).toBe(1);
    expect(await listed("&status=spam")).toBe(1);
    const inbox = await (await fetchWorker(`/incoming?q=${tag}`, { headers: { Cookie: cookie } })).text();
    expect(inbox).not.toContain(`/incoming/contact-messages/${spam}"`);
    const spamTab = await (await fetchWorker(`/incoming?q=${tag}&status=spam`, { headers: { Cookie: cookie } })).text();
    expect(spamTab).toContain(`/incoming/contact-messages/${spam}"`);
    expect(spamTab).toContain("The hidden anti-robot field was filled in");
    expect(spamTab).toContain(">Not spam</button>");

    const notSpam = await staffApi(cookie, `/api/contact-submissions/${spam}`, {
      method: "PATCH",
      body: JSON.stringify({ status: "new" }),
    });
    expect(await notSpam.json()).toMatchObject({ status: "new", spamReason: null });
    expect(await counts()).toEqual({ total: before.total + 2, fresh: before.fresh + 2 });
  });
});

/** The Contact Messages count card of /incoming: the total and how many are new. */
async function counts() {
  const html = await (await fetchWorker("/incoming", { headers: { Cookie: cookie } })).text();
  const card = /Contact Messages<\/h2><p[^>]*>([\d,]+)<\/p><p[^>]*>([\d,]+)<!-- --> new/.exec(html);
  if (!card) throw new Error("No Contact Messages count card on /incoming");
  return { total: Number(card[1]!.replace(",", "")), fresh: Number(card[2]!.replace(",", "")) };
}

/** Marks records as counted in a morning digest that went out: only such spam is ever purged. */
async function countedInSentDigest(contactIds: string[], requestIds: string[]) {
  const shopDate = "2027-01-04";
  await env.DB.prepare(
    "insert or ignore into notification_digests (shop_date, request_count, sent_at) values (?, 0, ?)",
  )
    .bind(shopDate, Date.now())
    .run();
  const mark = (table: string, id: string) =>
    env.DB.prepare(`update ${table} set spam_reported_in = ? where id = ?`).bind(shopDate, id);
  const statements = [
    ...contactIds.map((id) => mark("contact_submissions", id)),
    ...requestIds.map((id) => mark("service_requests", id)),
  ];
  for (let start = 0; start < statements.length; start += 100) await env.DB.batch(statements.slice(start, start + 100));
}

describe("the nightly purge", () => {
  async function runCron(cron: string, at: Date) {
    await worker.scheduled(createScheduledController({ cron, scheduledTime: at.getTime() }), env);
  }
  const ids = async (table: string, tag: string) =>
    (
      await env.DB.prepare(`select id from ${table} where last_name = ? order by id`).bind(tag).all<{ id: string }>()
    ).results
      .map((row) => row.id)
      .sort();

  it("deletes spam older than 30 days, with its history, and keeps everything else", async () => {
    const tag = `p${crypto.randomUUID().slice(0, 8)}`;
    // The clock the job runs at: the trigger's scheduled time.
    const now = new Date(Date.UTC(2027, 5, 15, 8, 0));
    const ago = (days: number) => now.getTime() - days * DAY;
    const [oldSpam, youngSpam, oldClosed, remarked, oldRequestSpam] = [
      ...(await insertInboxRecords("contact", [
        { lastName: tag, status: "spam", submittedAt: ago(31) },
        { lastName: tag, status: "spam", submittedAt: ago(29) },
        { lastName: tag, status: "closed", submittedAt: ago(400) },
        { lastName: tag, status: "spam", spamReason: "staff", submittedAt: ago(90) },
      ])),
      ...(await insertInboxRecords("serviceRequest", [{ lastName: tag, status: "spam", submittedAt: ago(45) }])),
    ];
    const history = env.DB.prepare(
      "insert into submission_status_changes (submission_kind, submission_id, status, changed_by, changed_at) values (?, ?, ?, ?, ?)",
    );
    await env.DB.batch([
      // Marked spam by staff two days ago: its 30 days start then.
      history.bind("contact", remarked!, "spam", "sam", ago(2)),
      history.bind("contact", oldSpam!, "spam", "sam", ago(35)),
      history.bind("serviceRequest", oldRequestSpam!, "spam", "sam", ago(44)),
    ]);

    await countedInSentDigest([oldSpam!, youngSpam!], [oldRequestSpam!]);
    await runCron("0 8 * * *", now);

    expect(await ids("contact_submissions", tag)).toEqual([youngSpam, oldClosed, remarked].sort());
    expect(await ids("service_requests", tag)).toEqual([]);
    const { results } = await env.DB.prepare(
      "select submission_id from submission_status_changes where submission_id in (?, ?, ?)",
    )
      .bind(oldSpam!, oldRequestSpam!, remarked!)
      .all();
    expect(results).toEqual([{ submission_id: remarked }]);
  });

  it("deletes more spam than one round of deletes takes", async () => {
    const tag = `p${crypto.randomUUID().slice(0, 8)}`;
    const now = new Date(Date.UTC(2027, 8, 1, 8, 0));
    const spam = await insertInboxRecords(
      "contact",
      Array.from({ length: 250 }, () => ({
        lastName: tag,
        status: "spam" as const,
        submittedAt: now.getTime() - 60 * DAY,
      })),
    );
    await countedInSentDigest(spam, []);
    await runCron("0 8 * * *", now);
    expect(await ids("contact_submissions", tag)).toEqual([]);
  });
});
