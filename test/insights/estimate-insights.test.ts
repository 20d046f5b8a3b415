import { describe, expect, it } from "vitest";
import { fetchWorker, postForm } from "../support/http";
import { ownerAndStaff, signInAgain } from "../support/staff";
import { at, choices, type EstimateJson, sentEstimate } from "../estimates/support";

// Estimates in the insights (issue 39 item 9), the clock pinned to Monday, November 30, 2026, 10:00
// AM in Pikesville: four brake estimates sent that morning (red pads and labour, a yellow filter, a
// green fee), three decided from the customers' links 45 minutes, 3 hours and 10 hours later.

const sessions = ownerAndStaff("estimate-insights", { at });
const MINUTE = 60_000;

type Body = {
  estimates: {
    sent: number;
    decisions: number;
    approvalByColour: Record<"red" | "yellow" | "green", { approved: number; decided: number; percent: number | null }>;
    medianMinutesToDecision: number | null;
    approvedCents: number;
  };
  weeks: { weekStart: string; approvedCents: number }[];
};

function decideAt(token: string, estimate: EstimateJson, approve: number[], minutesLater: number) {
  return postForm(`/estimates/${token}`, choices(estimate, approve), {
    at: new Date(at.getTime() + minutesLater * MINUTE),
    client: "203.0.113.7",
  });
}

/** A member signed in at `when` (a session from the morning has lapsed a day later). */
const memberAt = (when: Date) => signInAgain("estimate-insights-staff", { at: when });

const insights = async (days: number, when: Date) => {
  const cookie = await memberAt(when);
  const response = await fetchWorker(`/api/insights?days=${days}`, { headers: { Cookie: cookie } }, { at: when });
  expect(response.status).toBe(200);
  return response.json<Body>();
};

describe("estimates in the insights", () => {
  it("count the estimates sent, the approval rate by colour, the median time to decide and the dollars approved", async () => {
    const empty = await insights(7, at);
    expect(empty.estimates).toEqual({
      sent: 0,
      decisions: 0,
      approvalByColour: {
        red: { approved: 0, decided: 0, percent: null },
        yellow: { approved: 0, decided: 0, percent: null },
        green: { approved: 0, decided: 0, percent: null },
      },
      medianMinutesToDecision: null,
      approvedCents: 0,
    });

    const all = await sentEstimate(sessions.staff);
    const pads = await sentEstimate(sessions.staff);
    const none = await sentEstimate(sessions.staff);
    await sentEstimate(sessions.staff); // sent, not answered yet
    // All but the fee: pads 89.99 + labour 180.00 + filter 25.00, 6% on the parts ($6.90): $301.89.
    expect((await decideAt(all.token, all.estimate, [0, 1, 2], 45)).status).toBe(303);
    // The pads only: $89.99 and $5.40 tax.
    expect((await decideAt(pads.token, pads.estimate, [0], 180)).status).toBe(303);
    expect((await decideAt(none.token, none.estimate, [], 600)).status).toBe(303);

    const day = await insights(7, new Date(at.getTime() + 24 * 60 * MINUTE));
    expect(day.estimates).toEqual({
      sent: 4,
      decisions: 3,
      approvalByColour: {
        red: { approved: 3, decided: 6, percent: 50 },
        yellow: { approved: 1, decided: 3, percent: 33 },
        green: { approved: 0, decided: 3, percent: 0 },
      },
      medianMinutesToDecision: 180,
      approvedCents: 30_189 + 9_539,
    });
    expect(day.weeks.at(-1)).toMatchObject({ weekStart: "2026-11-30", approvedCents: 39_728 });
    expect(day.weeks.slice(0, -1).every((week) => week.approvedCents === 0)).toBe(true);
  });

  it("leave the decisions out of a window they are older than, and keep them in their week", async () => {
    const later = await insights(7, new Date(at.getTime() + 8 * 24 * 60 * MINUTE));
    expect(later.estimates).toMatchObject({ sent: 0, decisions: 0, approvedCents: 0, medianMinutesToDecision: null });
    expect(later.weeks.at(-2)).toMatchObject({ weekStart: "2026-11-30", approvedCents: 39_728 });
    expect(later.weeks.at(-1)?.approvedCents).toBe(0);
  });

  it("show them on the insights page", async () => {
    const when = new Date(at.getTime() + 24 * 60 * MINUTE);
    const page = await fetchWorker(
      "/incoming/insights?days=30",
      { headers: { Cookie: await memberAt(when) } },
      { at: when },
    );
    const html = await page.text();
    expect(html).toContain("Estimates");
    expect(html).toContain("Red lines approved");
    expect(html).toContain("$397");
    expect(html).toContain("3 h 0 min");
  });
});
