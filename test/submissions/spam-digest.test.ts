import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCAL_SITE_ORIGIN } from "~/http/site-url.server";
import { insertInboxRecords } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue, runCron } from "../support/queue";

// Nothing is purged unseen: each weekday digest says how many submissions were kept aside as spam
// since the one before, with a link to the Spam filter, and the nightly purge deletes only spam a
// sent digest counted (or that staff marked themselves).

const DAY = 86_400_000;
const PURGE = "0 8 * * *";

async function sendDigest(shopDate: string) {
  const queue = recordingQueue();
  queue.bodies.push({ type: "digest", shopDate });
  const mailer = recordingMailer();
  await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
  return mailer.sent.map((sent) => sent.mail);
}

const remaining = async (ids: string[]) =>
  (
    await env.DB.prepare(`select id from contact_submissions where id in (${ids.map(() => "?").join(", ")})`)
      .bind(...ids)
      .all<{ id: string }>()
  ).results.map((row) => row.id);

describe("the digest's spam count and the purge", () => {
  it("counts spam kept since the last digest once, links to the Spam filter, and only counted spam is purged", async () => {
    const now = Date.now();
    const old = now - 40 * DAY;
    const [countedA, countedB] = await insertInboxRecords("contact", [
      { status: "spam", spamReason: "links", submittedAt: old },
      { status: "spam", spamReason: "honeypot", submittedAt: old },
    ]);
    const [countedRequest] = await insertInboxRecords("serviceRequest", [
      { status: "spam", spamReason: "links", submittedAt: old },
    ]);

    // Nothing overdue is needed: spam alone makes a digest.
    const [first] = await sendDigest("2030-05-06");
    expect(first!.header("subject")).toMatch(/kept as spam$/);
    expect(first!.text).toMatch(
      /Kept aside as spam since the last digest: \d+ contact messages? and \d+ service requests?\./,
    );
    expect(first!.text).toContain(`${LOCAL_SITE_ORIGIN}/incoming?status=spam`);
    expect(first!.text).toContain(`${LOCAL_SITE_ORIGIN}/incoming?tab=service-requests&status=spam`);
    expect(first!.html).toContain(`href="${LOCAL_SITE_ORIGIN}/incoming?status=spam"`);
    const reported = await env.DB.prepare("select spam_count from notification_digests where shop_date = ?")
      .bind("2030-05-06")
      .first<{ spam_count: number }>();
    expect(reported!.spam_count).toBeGreaterThanOrEqual(3);

    // Arrived after that digest: not counted yet, so not purged, however old.
    const [uncounted, staffMarked] = await insertInboxRecords("contact", [
      { status: "spam", spamReason: "links", submittedAt: old },
      { status: "spam", spamReason: "staff", submittedAt: old },
    ]);
    await runCron(PURGE, new Date(now));
    expect(await remaining([countedA!, countedB!, uncounted!, staffMarked!])).toEqual([uncounted]);
    const requestLeft = await env.DB.prepare("select id from service_requests where id = ?")
      .bind(countedRequest!)
      .first();
    expect(requestLeft).toBeNull();

    // The next digest counts only what came since: the one uncounted record.
    const [second] = await sendDigest("2030-05-07");
    expect(second!.header("subject")).toBe("Since the last digest: 1 kept as spam");
    expect(second!.text).toContain("Kept aside as spam since the last digest: 1 contact message.");
    await runCron(PURGE, new Date(now));
    expect(await remaining([uncounted!])).toEqual([]);

    // And with nothing new, no digest at all.
    expect(await sendDigest("2030-05-08")).toEqual([]);
  });

  it("does not count spam for a digest that never went out", async () => {
    const old = Date.now() - 40 * DAY;
    const [spam] = await insertInboxRecords("contact", [{ status: "spam", spamReason: "links", submittedAt: old }]);
    // Every send fails: the digest is claimed and marked, but never sent.
    const queue = recordingQueue();
    queue.bodies.push({ type: "digest", shopDate: "2030-06-03" });
    await deliverQueued(queue, { NOTIFY_EMAIL: recordingMailer({ failing: () => true }).binding }, 2);
    await runCron(PURGE, new Date());
    expect(await remaining([spam!])).toEqual([spam]);
    // The next digest that goes out counts it, and then it can go.
    const [mail] = await sendDigest("2030-06-04");
    expect(mail!.text).toContain("Kept aside as spam since the last digest:");
    await runCron(PURGE, new Date());
    expect(await remaining([spam!])).toEqual([]);
  });
});
