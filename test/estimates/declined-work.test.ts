import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "../support/http";
import { ownerAndStaff } from "../support/staff";
import { at, choices, decide, newRequest, sentEstimate } from "./support";
import { expectSays } from "../support/says";

// Declined work is not forgotten (issue 39 item 7): the decision that declines lines puts a
// follow-up on the call-back desk 30 days later, and the lines are listed as "Declined earlier" on
// the record and on the same customer's next request.

const sessions = ownerAndStaff("declined-work", { at });
const THIRTY_DAYS = 30 * 24 * 60 * 60 * 1000;

const followUpOf = async (id: string) =>
  (
    await env.DB.prepare("select follow_up_at as at from service_requests where id = ?")
      .bind(id)
      .first<{ at: number | null }>()
  )?.at ?? null;

const recordPage = async (id: string) =>
  (await fetchWorker(`/incoming/service-requests/${id}`, { headers: { Cookie: sessions.staff } }, { at })).text();

describe("declined work", () => {
  it("puts a desk follow-up 30 days after a decision that declines lines, and lists them on this and the next request", async () => {
    const { requestId, estimate, token } = await sentEstimate(sessions.staff);
    // The pads and their fitting approved; the filter (yellow) and the supplies fee (green) declined.
    expect((await decide(token, choices(estimate, [0, 1]))).status).toBe(303);
    expect(await followUpOf(requestId)).toBe(at.getTime() + THIRTY_DAYS);

    const { email } = (await env.DB.prepare("select email from service_requests where id = ?")
      .bind(requestId)
      .first<{ email: string }>())!;
    const next = await newRequest({ email });
    for (const page of [await recordPage(requestId), await recordPage(next)]) {
      const start = page.indexOf("Declined earlier");
      const declined = page.slice(start, page.indexOf("</section>", start));
      expect(page).toContain("Declined earlier");
      expectSays(
        declined,
        ["Cabin air filter", "$25.00", "Shop supplies", "Nov 30, 2026", "call back by Dec 30, 2026"],
        ["Front brake pads"],
      );
    }
  });

  it("sets no follow-up when everything is approved, and keeps one the desk set sooner", async () => {
    const all = await sentEstimate(sessions.staff);
    // Another customer: the test requests share a phone number, which would make them one.
    await env.DB.prepare("update service_requests set phone = '(410) 555-0199' where id = ?").bind(all.requestId).run();
    expect((await decide(all.token, choices(all.estimate, [0, 1, 2, 3]))).status).toBe(303);
    expect(await followUpOf(all.requestId)).toBeNull();
    expect(await recordPage(all.requestId)).not.toContain("Declined earlier");

    const sooner = await sentEstimate(sessions.staff);
    const tomorrow = at.getTime() + 24 * 60 * 60 * 1000;
    await env.DB.prepare("update service_requests set follow_up_at = ? where id = ?")
      .bind(tomorrow, sooner.requestId)
      .run();
    expect((await decide(sooner.token, choices(sooner.estimate, []))).status).toBe(303);
    expect(await followUpOf(sooner.requestId)).toBe(tomorrow);
  });
});
