import { describe, expect, it } from "vitest";
import { rowsOf } from "../support/d1";
import { fetchWorker } from "../support/http";
import { ownerAndStaff } from "../support/staff";
import { at, call, choices, decide, type EstimateJson, keptQueue, linesWithoutPhotos, sentEstimate } from "./support";

// A revision after the customer's approval (issue 39 item 5): past 110% of what they approved it
// asks again and emails the link; at or within 110% the approval stands. Every version and every
// snapshot stays as it was.

const sessions = ownerAndStaff("estimates-revision", { at });

const oneLabourLine = (unitPrice: number, extra: Record<string, unknown> = {}) => ({
  vehicle: { year: 2016, make: "Honda", model: "Accord" },
  lines: [{ kind: "labour", description: "Diagnose the noise", quantity: 1, unitPrice, severity: "red", ...extra }],
});

async function approvedAt100() {
  const sent = await sentEstimate(sessions.staff, oneLabourLine(10_000));
  expect((await decide(sent.token, choices(sent.estimate, [0]))).status).toBe(303);
  return sent;
}

const revise = (id: string, body: unknown, bindings?: Partial<Env>) =>
  call(sessions.staff, "PUT", `/api/estimates/${id}`, body, bindings);

describe("the 10% rule on a revision", () => {
  it("keeps the approval at exactly 110% and emails nobody", async () => {
    const { estimate } = await approvedAt100();
    const { queue, bindings } = keptQueue();
    const line = { id: estimate.lines[0]!.id };
    const response = await revise(estimate.id, oneLabourLine(11_000, line), bindings);
    expect(await response.json()).toMatchObject({ version: 2, status: "approved", total: 11_000 });
    expect(queue.bodies).toEqual([]);
  });

  it("asks again one cent past 110%, emails the link for the new version, and takes a decision on it", async () => {
    const { estimate, token } = await approvedAt100();
    const { queue, bindings } = keptQueue();
    const line = { id: estimate.lines[0]!.id };
    const revised = await (await revise(estimate.id, oneLabourLine(11_001, line), bindings)).json<EstimateJson>();
    expect(revised).toMatchObject({ version: 2, status: "needs approval" });
    expect(queue.bodies).toEqual([{ type: "estimate", messageId: expect.any(Number) as number }]);
    const html = await (await fetchWorker(`/estimates/${token}`, {}, { at })).text();
    expect(html).toContain("This is version 2.");
    expect(html).toContain("Send my decision");
    expect((await decide(token, choices(revised, [0], "Pat Example", 2))).status).toBe(303);
    const read = await (await call(sessions.staff, "GET", `/api/estimates/${estimate.id}`)).json<EstimateJson>();
    expect(read.status).toBe("approved");
    expect(read.approvals.map((approval) => approval.approvedTotal)).toEqual([10_000, 11_001]);
  });

  it("counts a line added after the approval as work, and lets a revision back within 110% stand", async () => {
    const { estimate } = await approvedAt100();
    const pads = { kind: "part", description: "Pads", quantity: 1, unitPrice: 1_000, severity: "yellow" };
    const approvedLine = { ...oneLabourLine(10_000).lines[0], id: estimate.lines[0]!.id };
    const more = await revise(estimate.id, { ...oneLabourLine(0), lines: [approvedLine, pads] });
    // $100 + $10.00 + 6% tax = $110.60: past 110%.
    expect(await more.json()).toMatchObject({ status: "needs approval", total: 11_060 });
    const back = await revise(estimate.id, { ...oneLabourLine(0), lines: [approvedLine] });
    expect(await back.json()).toMatchObject({ version: 3, status: "approved" });
  });

  it("leaves every version and the snapshot as they were, whatever is revised", async () => {
    const { estimate } = await approvedAt100();
    const before = await rowsOf("select * from estimate_approvals where estimate_id = ?", estimate.id);
    await revise(estimate.id, oneLabourLine(50_000, { id: estimate.lines[0]!.id, description: "Something else" }));
    expect(await rowsOf("select * from estimate_approvals where estimate_id = ?", estimate.id)).toEqual(before);
    const first = await call(sessions.staff, "GET", `/api/estimates/${estimate.id}?version=1`);
    expect(await first.json()).toMatchObject({ version: 1, lines: linesWithoutPhotos(estimate.lines), total: 10_000 });
    // No route takes a change to a decision: the API has no method for it.
    for (const method of ["PATCH", "DELETE"]) {
      expect((await call(sessions.staff, method, `/api/estimates/${estimate.id}`, {})).status).toBe(405);
    }
  });
});
