import { describe, expect, it } from "vitest";
import { rowsOf } from "../support/d1";
import { fetchWorker, ORIGIN } from "../support/http";
import { ownerAndStaff } from "../support/staff";
import { at, brakes, call, type EstimateJson, newRequest } from "./support";

// The owner's estimate settings (issue 39 item 9): the labour rate, the tax rule and the terms, on
// Settings (/incoming/settings/estimates) and through GET/PUT /api/settings/estimates; the tax rule
// is what the next estimate priced uses.

const sessions = ownerAndStaff("estimate-settings", { at });

type Settings = {
  labourRate: number | null;
  tax: { rateBasisPoints: number; appliesTo: string[] };
  terms: string;
  saved: { by: string | null; at: string } | null;
};

const API = "/api/settings/estimates";
const read = async () => (await call(sessions.owner, "GET", API)).json<Settings>();
const valid = () => ({
  labourRate: 13_550,
  tax: { rateBasisPoints: 825, appliesTo: ["labour", "part"] },
  terms: "Net 30.",
});
const storedRows = async () => (await rowsOf<{ n: number }>("select count(*) as n from estimate_settings"))[0]?.n;

/** The page's form as a browser without JavaScript posts it (the tick boxes repeat a name). */
function postPage(fields: [string, string][]) {
  return fetchWorker(
    "/incoming/settings/estimates",
    {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: sessions.owner,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: ORIGIN,
        "Sec-Fetch-Site": "same-origin",
      },
      body: new URLSearchParams(fields).toString(),
    },
    { at },
  );
}

describe("the estimate settings", () => {
  it("hold Maryland's 6% on parts and fees and the shipped terms until an owner saves", async () => {
    expect(await read()).toMatchObject({
      labourRate: null,
      tax: { rateBasisPoints: 600, appliesTo: ["part", "fee"] },
      saved: null,
    });
    expect((await read()).terms).toContain("10%");
  });

  it("are the owners' only: 401 without a session, 403 to a staff member, nothing stored", async () => {
    expect((await call("", "PUT", API, valid())).status).toBe(401);
    expect((await call(sessions.staff, "GET", API)).status).toBe(403);
    expect((await call(sessions.staff, "PUT", API, valid())).status).toBe(403);
    expect(await storedRows()).toBe(0);
  });

  it("refuse hostile input with 400 and store nothing", async () => {
    const tax = (rateBasisPoints: unknown, appliesTo: unknown = ["part"]) => ({
      ...valid(),
      tax: { rateBasisPoints, appliesTo },
    });
    const refused: [string, unknown][] = [
      ["negative rate", tax(-1)],
      ["rate over 100%", tax(10_001)],
      ["fractional basis points", tax(600.5)],
      ["rate as text", tax("6%")],
      ["unknown kind", tax(600, ["part", "diagnosis"])],
      ["a kind twice", tax(600, ["part", "part"])],
      ["kinds not a list", tax(600, "part")],
      ["tax missing", { labourRate: 100, terms: "x" }],
      ["negative labour rate", { ...valid(), labourRate: -100 }],
      ["labour rate as text", { ...valid(), labourRate: "120" }],
      ["huge labour rate", { ...valid(), labourRate: 10_000_001 }],
      ["huge terms", { ...valid(), terms: "x".repeat(4001) }],
      ["empty terms", { ...valid(), terms: "  " }],
      ["terms as a number", { ...valid(), terms: 5 }],
      ["a list", [valid()]],
    ];
    for (const [why, body] of refused) {
      const response = await call(sessions.owner, "PUT", API, body);
      expect(response.status, why).toBe(400);
      expect((await response.json<{ message: string }>()).message, why).toMatch(
        /Nothing was changed|must be a JSON object/,
      );
    }
    expect((await call(sessions.owner, "PUT", API, "{not json")).status).toBe(400);
    expect(await storedRows()).toBe(0);
    expect((await read()).saved).toBeNull();
  });

  it("store an owner's rule with its audit entry, and the next estimate is priced by it", async () => {
    const before = await (
      await call(sessions.staff, "POST", `/api/service-requests/${await newRequest()}/estimates`, brakes())
    ).json<EstimateJson>();
    const response = await call(sessions.owner, "PUT", API, valid());
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      message: "Labour $135.50 an hour; tax 8.25% on labour and parts.",
      labourRate: 13_550,
      tax: { rateBasisPoints: 825, appliesTo: ["labour", "part"] },
      terms: "Net 30.",
      saved: { by: "estimate-settings-owner", at: at.toISOString() },
    });
    const [audit] = await rowsOf<{ action: string; detail: string }>(
      "select action, detail from audit_log where action = 'settings.estimates'",
    );
    expect(JSON.parse(audit!.detail)).toMatchObject({ taxRateBasisPoints: 825, taxAppliesTo: "labour, part" });

    // Taxed now: pads 89.99 + labour 180.00 + filter 25.00 = 294.99; 8.25% is 24.336… → $24.34. The fee is not.
    const after = await (
      await call(sessions.staff, "POST", `/api/service-requests/${await newRequest()}/estimates`, brakes())
    ).json<EstimateJson>();
    expect({ subtotal: after.subtotal, tax: after.tax, total: after.total }).toEqual({
      subtotal: 30_499,
      tax: 2_434,
      total: 32_933,
    });
    // The estimate priced before keeps the rule it was priced under.
    const kept = await (await call(sessions.staff, "GET", `/api/estimates/${before.id}`)).json<EstimateJson>();
    expect(kept.tax).toBe(750);
  });

  it("are saved from the page without JavaScript, and a refusal keeps what the owner typed", async () => {
    const refusedPage = await postPage([
      ["labourRate", "-5"],
      ["taxRate", "150"],
      ["taxAppliesTo", "part"],
      ["terms", "Kept terms"],
    ]);
    expect(refusedPage.status).toBe(400);
    const html = await refusedPage.text();
    expect(html).toContain("Nothing was saved");
    expect(html).toContain("The labour rate is whole cents");
    expect(html).toContain("The tax rate is from 0% to 100%");
    expect(html).toContain("Kept terms");
    expect((await read()).terms).toBe("Net 30.");

    const saved = await postPage([
      ["labourRate", "$120"],
      ["taxRate", "6.5"],
      ["taxAppliesTo", "fee"],
      ["taxAppliesTo", "part"],
      ["terms", "Good for 14 days."],
    ]);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/incoming/settings/estimates");
    expect(await read()).toMatchObject({
      labourRate: 12_000,
      tax: { rateBasisPoints: 650, appliesTo: ["part", "fee"] },
      terms: "Good for 14 days.",
    });
    const page = await fetchWorker("/incoming/settings/estimates", { headers: { Cookie: sessions.owner } }, { at });
    expect(await page.text()).toContain('value="6.5"');
  });
});
