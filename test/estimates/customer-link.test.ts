import { describe, expect, it } from "vitest";
import { rowsOf } from "../support/d1";
import { fetchWorker } from "../support/http";
import { deliverQueued, recordingMailer } from "../support/queue";
import { ownerAndStaff } from "../support/staff";
import { at, call, choices, decide, type EstimateJson, keptQueue, linesWithoutPhotos, sentEstimate } from "./support";
import { formatCents } from "~/features/estimates/pricing";

// The customer's link /estimates/<token> (issue 39 items 3 and 4): the email, a page that GET never
// changes, one decision per version stored as a frozen snapshot, the shop told, every refusal.

const sessions = ownerAndStaff("estimates-link", { at });

const everything = (id: string) =>
  Promise.all([
    rowsOf("select * from estimates where id = ?", id),
    rowsOf("select * from estimate_versions where estimate_id = ?", id),
    rowsOf("select * from estimate_approvals where estimate_id = ?", id),
    rowsOf("select * from estimate_messages where estimate_id = ?", id),
  ]);

const page = (token: string) => fetchWorker(`/estimates/${token}`, {}, { at });
const apiRead = async (id: string) => (await call(sessions.staff, "GET", `/api/estimates/${id}`)).json<EstimateJson>();

describe("the customer's email and page", () => {
  it("emails the link, and shows the estimate privately, red lines first, with the rights before the name", async () => {
    const { estimate, token, mail, to } = await sentEstimate(sessions.staff);
    expect(to).toMatch(/@example\.com$/);
    expect(mail.header("subject")).toBe(`Your estimate ${estimate.number} — Pikesville Family Auto Repair`);
    // The car and the total before the link, so the customer knows what it is about.
    expect(mail.text).toContain(
      `Here is estimate ${estimate.number} for your 2016 Honda Accord (${formatCents(estimate.total)} in all).`,
    );
    const response = await page(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store, private");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).not.toMatch(/<script[^>]+src=/);
    const legends = [...html.matchAll(/<legend[^>]*>([^<]+)<\/legend>/g)].map((match) => match[1]);
    expect(legends).toEqual(["Front brake pads", "Fit front pads", "Cabin air filter", "Shop supplies"]);
    expect(html.match(/type="radio"/g)).toHaveLength(8);
    const rights = html.indexOf("Customer&#x27;s Rights");
    const nameLabel = html.indexOf(">Your full name</label>");
    expect(rights).toBeGreaterThan(html.lastIndexOf("</fieldset>"));
    expect(nameLabel).toBeGreaterThan(rights);
    expect(html.indexOf("Send my decision")).toBeGreaterThan(nameLabel);
    expect(html).toContain("ten percent in excess of the written estimate");
    expect(html).toContain("$312.49");
  });

  it("changes nothing however often it is opened", async () => {
    const { estimate, token } = await sentEstimate(sessions.staff);
    const before = await everything(estimate.id);
    for (let i = 0; i < 3; i++) expect((await page(token)).status).toBe(200);
    expect((await fetchWorker(`/estimates/${token}`, { method: "HEAD" }, { at })).status).toBe(200);
    expect(await everything(estimate.id)).toEqual(before);
  });

  it("is a 404 for a forged or malformed token, on GET and POST alike", async () => {
    const { token } = await sentEstimate(sessions.staff);
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const wrong of [forged, "short", `${token}x`, "A".repeat(43)]) {
      expect((await page(wrong)).status).toBe(404);
      expect((await decide(wrong, { name: "X" })).status).toBe(404);
    }
  });
});

describe("the customer's decision", () => {
  it("stores a frozen snapshot of what was shown, marks the estimate partly approved and tells the shop", async () => {
    const { estimate, token } = await sentEstimate(sessions.staff);
    const { queue, bindings } = keptQueue();
    const response = await decide(token, choices(estimate, [0, 1]), { bindings });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/estimates/${token}`);
    // Pads $89.99 + 6% = $95.39, labour $180 untaxed.
    const read = await apiRead(estimate.id);
    expect(read.status).toBe("partly approved");
    expect(read.approvals).toEqual([
      {
        at: at.toISOString(),
        version: 1,
        name: "Pat Example",
        approvedLineIds: [estimate.lines[0]!.id, estimate.lines[1]!.id],
        declinedLineIds: [estimate.lines[2]!.id, estimate.lines[3]!.id],
        approvedTotal: 8_999 + 540 + 18_000,
      },
    ]);
    const [stored] = await rowsOf<{ snapshot: string; client_address: string; user_agent: string }>(
      "select snapshot, client_address, user_agent from estimate_approvals where estimate_id = ?",
      estimate.id,
    );
    expect(stored).toMatchObject({ client_address: "203.0.113.7", user_agent: "Phone browser (test)" });
    const snapshot = JSON.parse(stored!.snapshot) as Record<string, unknown>;
    expect(snapshot).toMatchObject({
      lines: linesWithoutPhotos(estimate.lines),
      total: estimate.total,
      tax: estimate.tax,
    });
    expect(snapshot.rightsText).toMatch(/^Customer's Rights\n1\. You may request a written estimate/);
    // The shop's email, with the record's link.
    const mailer = recordingMailer();
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding }, 10, { at });
    expect(mailer.sent.map((sent) => sent.to)).toEqual(["staff@shop.localhost"]);
    expect(mailer.sent[0]!.mail.text).toContain(`/incoming/service-requests/${estimate.serviceRequestId}`);
    const shown = await (await page(token)).text();
    expect(shown).toContain("Thank you. Your decision was sent");
    expect(shown).not.toContain("Send my decision");
  });

  it("approves or declines the whole estimate", async () => {
    const all = await sentEstimate(sessions.staff);
    await decide(all.token, choices(all.estimate, [0, 1, 2, 3]));
    expect((await apiRead(all.estimate.id)).status).toBe("approved");
    const none = await sentEstimate(sessions.staff);
    await decide(none.token, choices(none.estimate, []));
    expect(await apiRead(none.estimate.id)).toMatchObject({ status: "declined", approvals: [{ approvedTotal: 0 }] });
  });

  it("refuses a second decision on the same version with 409, changing nothing", async () => {
    const { estimate, token } = await sentEstimate(sessions.staff);
    expect((await decide(token, choices(estimate, [0]))).status).toBe(303);
    const before = await everything(estimate.id);
    const again = await decide(token, choices(estimate, [0, 1, 2, 3], "Someone Else"));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already been decided");
    expect(await everything(estimate.id)).toEqual(before);
  });

  it("refuses a missing choice or name with 400, keeping what was chosen, and a stale version with 409", async () => {
    const { estimate, token } = await sentEstimate(sessions.staff);
    const partial = choices(estimate, [0]);
    delete (partial as Record<string, string>)[`decision-${estimate.lines[3]!.id}`];
    const missing = await decide(token, partial);
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain("Please choose Approve or Decline for &quot;Shop supplies&quot;.");
    expect(html).toContain(`name="decision-${estimate.lines[0]!.id}" checked="" value="approve"`);
    expect(html).toContain('value="Pat Example"');
    expect((await decide(token, choices(estimate, [0], "  "))).status).toBe(400);
    expect((await decide(token, choices(estimate, [0], "Pat\u0000Example"))).status).toBe(400);
    expect((await decide(token, choices(estimate, [0], "x".repeat(121)))).status).toBe(400);
    expect((await decide(token, { ...choices(estimate, [0]), version: "7" })).status).toBe(409);
    expect((await decide(token, { ...choices(estimate, [0]), name: "x".repeat(20_000) })).status).toBe(413);
    expect((await apiRead(estimate.id)).approvals).toEqual([]);
  });

  it("refuses a cross-site post with 403", async () => {
    const { estimate, token } = await sentEstimate(sessions.staff);
    const response = await decide(token, choices(estimate, [0, 1, 2, 3]), {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(403);
    expect((await apiRead(estimate.id)).approvals).toEqual([]);
  });
});
