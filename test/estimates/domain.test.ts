import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { formatCents, lineTotal, MARYLAND_TAX_RULE, totalsOf } from "~/features/estimates/pricing";
import { linesOf, statusAfterDecision, statusAfterRevision } from "~/features/estimates/rules";
import { vinCheckDigit, vinProblem } from "~/features/estimates/vin";
import type { EstimateLine, LineKind } from "~/features/estimates/vocabulary";

// The estimate's arithmetic and rules (issue 39, docs/decisions/065-estimates-and-approvals.md):
// cents, tax rounded half up once, the VIN's check digit, the 10% rule, and the frozen snapshots.

const line = (id: string, kind: LineKind, total: number): EstimateLine => ({
  id,
  kind,
  description: id,
  quantity: 1,
  unitPrice: total,
  total,
  severity: "red",
  note: null,
});

describe("totals in cents", () => {
  it("taxes parts and fees at 6% but not labour, rounding half up once per estimate", () => {
    // 6% of $0.25 is 1.5 cents: half a cent rounds up to 2.
    expect(totalsOf([line("a", "part", 25), line("b", "labour", 10_000)], MARYLAND_TAX_RULE)).toEqual({
      subtotal: 10_025,
      tax: 2,
      total: 10_027,
    });
    // Just under half a cent rounds down: 6% of $0.24 is 1.44 cents.
    expect(totalsOf([line("a", "part", 24)], MARYLAND_TAX_RULE).tax).toBe(1);
    // Once per estimate, not per line: two lines of 1.5 cents of tax each are 3 cents, not 2 + 2.
    expect(totalsOf([line("a", "part", 25), line("b", "fee", 25)], MARYLAND_TAX_RULE).tax).toBe(3);
  });

  it("follows the owner's rule: a rate and the kinds it applies to", () => {
    const lines = [line("a", "part", 10_000), line("b", "labour", 10_000)];
    expect(totalsOf(lines, { rateBasisPoints: 725, appliesTo: ["part", "labour"] }).tax).toBe(1450);
    expect(totalsOf(lines, { rateBasisPoints: 600, appliesTo: [] }).tax).toBe(0);
  });

  it("prices fractional quantities to the cent, half up, without floating-point drift", () => {
    expect(lineTotal(1.5, 12_999)).toBe(19_499); // 19,498.5 cents
    expect(lineTotal(0.1, 3)).toBe(0); // 0.3 cents
    expect(lineTotal(1000, 10_000_000)).toBe(10_000_000_000);
    // The largest estimate the limits allow still adds up exactly.
    const huge = Array.from({ length: 100 }, (_, i) => line(String(i), "part", 10_000_000_000));
    expect(totalsOf(huge, MARYLAND_TAX_RULE)).toEqual({
      subtotal: 1_000_000_000_000,
      tax: 60_000_000_000,
      total: 1_060_000_000_000,
    });
  });

  it("writes cents as dollars", () => {
    expect(formatCents(123_456)).toBe("$1,234.56");
    expect(formatCents(5)).toBe("$0.05");
  });
});

describe("a VIN", () => {
  it("takes 17 characters whose check digit matches, and names what is wrong otherwise", () => {
    expect(vinProblem("1M8GDM9AXKP042788")).toBeNull(); // NHTSA's example, check digit X
    expect(vinProblem("1HGCM82633A004352")).toBeNull();
    expect(vinCheckDigit("1HGCM82633A004352")).toBe("3");
    expect(vinProblem("1HGCM82643A004352")).toMatch(/check digit/);
    expect(vinProblem("1HGCM82633A00435")).toMatch(/17 characters/);
    expect(vinProblem("1HGCM82633A00435O")).toMatch(/no I, O or Q/);
  });
});

describe("the 10% rule", () => {
  // Approved: one $100.00 labour line (untaxed). The revision prices it at 109.99%, 110%, 110.01%.
  const decision = { approvedLineIds: ["a"], declinedLineIds: [], approvedTotal: 10_000 };
  const revised = (total: number) => [line("a", "labour", total)];

  it("keeps the approval at 109.99% and at exactly 110%, and asks again at 110.01%", () => {
    expect(statusAfterRevision("approved", revised(10_999), decision, MARYLAND_TAX_RULE)).toBe("approved");
    expect(statusAfterRevision("approved", revised(11_000), decision, MARYLAND_TAX_RULE)).toBe("approved");
    expect(statusAfterRevision("approved", revised(11_001), decision, MARYLAND_TAX_RULE)).toBe("needs approval");
  });

  it("counts new lines as work, declined ones not, and tax on what is taxed", () => {
    const partly = { approvedLineIds: ["a"], declinedLineIds: ["d"], approvedTotal: 10_000 };
    const withDeclined = [line("a", "labour", 10_000), line("d", "labour", 50_000)];
    expect(statusAfterRevision("partly approved", withDeclined, partly, MARYLAND_TAX_RULE)).toBe("partly approved");
    const withNew = [line("a", "labour", 10_000), line("n", "labour", 1_001)];
    expect(statusAfterRevision("partly approved", withNew, partly, MARYLAND_TAX_RULE)).toBe("needs approval");
    // $100 of parts approved is $106.00 with tax; $110.00 of parts is $116.60, exactly 110%: within.
    const parts = { approvedLineIds: ["a"], declinedLineIds: [], approvedTotal: 10_600 };
    expect(statusAfterRevision("approved", [line("a", "part", 11_000)], parts, MARYLAND_TAX_RULE)).toBe("approved");
    expect(statusAfterRevision("approved", [line("a", "part", 11_001)], parts, MARYLAND_TAX_RULE)).toBe(
      "needs approval",
    );
  });

  it("leaves an estimate nobody approved as it was", () => {
    expect(statusAfterRevision("sent", revised(99_999), null, MARYLAND_TAX_RULE)).toBe("sent");
    const declined = { approvedLineIds: [], declinedLineIds: ["a"], approvedTotal: 0 };
    expect(statusAfterRevision("declined", revised(99_999), declined, MARYLAND_TAX_RULE)).toBe("declined");
  });
});

describe("lines across versions and decisions", () => {
  it("keeps a line's id when it is sent back, gives new lines new ids, and refuses an unknown id", () => {
    const base = {
      kind: "part" as const,
      description: "Pads",
      quantity: 2,
      unitPrice: 4_550,
      severity: "red" as const,
    };
    const outcome = linesOf([{ ...base, id: "a" }, base], [line("a", "part", 1)], () => "fresh");
    expect(outcome).toEqual({
      ok: true,
      lines: [
        { ...base, id: "a", total: 9_100, note: null },
        { ...base, id: "fresh", total: 9_100, note: null },
      ],
    });
    expect(linesOf([{ ...base, id: "zzz" }], [], () => "x")).toEqual({
      ok: false,
      message: 'No line of this estimate has the id "zzz".',
    });
  });

  it("calls a decision approved, partly approved or declined", () => {
    expect(statusAfterDecision(3, 0)).toBe("approved");
    expect(statusAfterDecision(1, 2)).toBe("partly approved");
    expect(statusAfterDecision(0, 3)).toBe("declined");
  });
});

describe("a snapshot in the database", () => {
  it("can be written once and never updated or deleted, whatever code asks", async () => {
    await env.DB.prepare(
      "insert into estimate_approvals (id, estimate_id, version, decided_at, name, approved_total, snapshot) values ('s1', 'e1', 1, 0, 'Pat Doe', 100, '{}')",
    ).run();
    await expect(env.DB.prepare("update estimate_approvals set name = 'Someone else'").run()).rejects.toThrow(/frozen/);
    await expect(env.DB.prepare("delete from estimate_approvals").run()).rejects.toThrow(/frozen/);
    await expect(
      env.DB.prepare(
        "insert into estimate_approvals (id, estimate_id, version, decided_at, name, approved_total, snapshot) values ('s2', 'e1', 1, 0, 'Twice', 100, '{}')",
      ).run(),
    ).rejects.toThrow(/UNIQUE/);
    const { results } = await env.DB.prepare("select name from estimate_approvals").all();
    expect(results).toEqual([{ name: "Pat Doe" }]);
  });

  it("keeps a version as written", async () => {
    await env.DB.prepare(
      "insert into estimate_versions (estimate_id, version, vehicle, lines, subtotal, tax, total, tax_rule, created_at) values ('e1', 1, '{}', '[]', 0, 0, 0, '{}', 0)",
    ).run();
    await expect(env.DB.prepare("update estimate_versions set total = 1").run()).rejects.toThrow(/frozen/);
  });
});
