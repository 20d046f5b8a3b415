import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { endOfShopDay } from "~/features/desk/follow-up";
import { insertInboxRecords } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { createStaffUser } from "../support/staff";

// The morning digest lists the call-backs due today and overdue, per person (decision 037).

describe("the morning digest's call-backs", () => {
  it("lists follow-ups due today and overdue by who handles them, Unassigned last, never closed ones", async () => {
    await createStaffUser("digest-sam", "digest-sam long enough password", "staff");
    await env.DB.prepare("update users set display_name = 'Sam Digest' where username = 'digest-sam'").run();
    const now = Date.now();
    const endOfToday = endOfShopDay(new Date(now)).getTime();
    const rows = [
      { firstName: "Olive", lastName: "Overdue", at: now - 26 * 3_600_000, assignee: "digest-sam" },
      { firstName: "Tina", lastName: "Today", at: endOfToday - 60_000, assignee: null },
      { firstName: "Tom", lastName: "Tomorrow", at: endOfToday + 3_600_000, assignee: "digest-sam" },
      { firstName: "Cleo", lastName: "Closed", at: now - 3_600_000, assignee: "digest-sam", status: "closed" as const },
    ];
    const ids = await insertInboxRecords(
      "contact",
      rows.map((row) => ({
        firstName: row.firstName,
        lastName: row.lastName,
        status: row.status,
        phone: "4435550120",
      })),
    );
    for (const [index, row] of rows.entries()) {
      await env.DB.prepare("update contact_submissions set follow_up_at = ?, assignee = ? where id = ?")
        .bind(row.at, row.assignee, ids[index]!)
        .run();
    }

    const mailer = recordingMailer();
    const queue = recordingQueue();
    queue.bodies.push({ type: "digest", shopDate: "2031-05-06" });
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent).toHaveLength(1);
    const { mail } = mailer.sent[0]!;
    expect(mail.header("subject")).toBe("To call back today: 2 call-backs");
    const text = mail.text;
    expect(text).toContain("To call back today (2), overdue ones first:");
    const sam = text.indexOf("Sam Digest:");
    const unassigned = text.indexOf("Unassigned:");
    expect(sam).toBeGreaterThan(-1);
    expect(unassigned).toBeGreaterThan(sam);
    expect(text.indexOf("Olive Overdue (contact message), overdue since")).toBeGreaterThan(sam);
    expect(text.indexOf("Tina Today (contact message), by")).toBeGreaterThan(unassigned);
    expect(text).toContain("(443) 555-0120");
    expect(text).not.toContain("Tom Tomorrow");
    expect(text).not.toContain("Cleo Closed");
    expect(mail.html).toContain("Sam Digest");
  });
});
