import { describe, expect, it } from "vitest";
import { fetchWorker } from "../support/http";
import { ownerAndStaff } from "../support/staff";
import { at, call, choices, decide, newRequest, sentEstimate } from "./support";

// The owner's labour rate and terms (Settings › Estimates) where they are used: the rate is the
// price of a new labour line on the record's estimate form (the first empty row, so without
// JavaScript too), the terms stand on the customer's page and on the record's printed estimate,
// apart from the Customer's Rights, as plain text.

const sessions = ownerAndStaff("estimate-settings-use", { at });

const TERMS = 'Pay on pickup.\n<b>No</b> cheques & "IOUs".';
const ESCAPED = "Pay on pickup.\n&lt;b&gt;No&lt;/b&gt; cheques &amp; &quot;IOUs&quot;.";

const saveSettings = async (labourRate: number) => {
  const body = { labourRate, tax: { rateBasisPoints: 600, appliesTo: ["part", "fee"] }, terms: TERMS };
  expect((await call(sessions.owner, "PUT", "/api/settings/estimates", body)).status).toBe(200);
};

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const recordPage = async (id: string) =>
  text(await fetchWorker(`/incoming/service-requests/${id}`, { headers: { Cookie: sessions.staff } }, { at }));

/** The new estimate's form's row `index`: its kind's chosen option and its price. */
function newEstimateRow(html: string, index: number) {
  const form = html.slice(html.indexOf("Write a new estimate"));
  const kind = new RegExp(`<select[^>]*name="line-${index}-kind"[^>]*>(.*?)</select>`).exec(form)?.[1] ?? "";
  return {
    kind: /<option value="(\w+)" selected=""/.exec(kind)?.[1],
    price: new RegExp(`<input[^>]*name="line-${index}-price"[^>]*>`).exec(form)?.[0].match(/value="([^"]*)"/)?.[1],
  };
}

describe("the owner's labour rate and terms in use", () => {
  it("offers a new labour line at the owner's rate once set, and no price before", async () => {
    const requestId = await newRequest();
    expect(newEstimateRow(await recordPage(requestId), 0)).toEqual({ kind: "part", price: "" });

    await saveSettings(13_550);
    const html = await recordPage(requestId);
    expect(newEstimateRow(html, 0)).toEqual({ kind: "labour", price: "135.50" });
    // The other empty rows stay parts without a price.
    expect(newEstimateRow(html, 1)).toEqual({ kind: "part", price: "" });
    expect(html).toContain("A new labour line starts at your rate, $135.50 an hour");
  });

  it("shows the terms, escaped, on the customer's page before the rights, decided or not", async () => {
    await saveSettings(12_000);
    const { estimate, token } = await sentEstimate(sessions.staff);
    const page = async () => text(await fetchWorker(`/estimates/${token}`, {}, { at }));
    const undecided = await page();
    expect((await decide(token, choices(estimate, [0]))).status).toBe(303);
    for (const html of [undecided, await page()]) {
      const terms = html.indexOf(ESCAPED);
      expect(terms).toBeGreaterThan(html.lastIndexOf("Total"));
      expect(html.indexOf("Customer&#x27;s Rights")).toBeGreaterThan(terms);
      expect(html).not.toContain("<b>No</b>");
    }
  });

  it("prints the terms with the record's estimate, escaped", async () => {
    await saveSettings(12_000);
    const { requestId } = await sentEstimate(sessions.staff);
    const html = await recordPage(requestId);
    expect(html).toMatch(/class="estimate-terms[^"]*hidden print:block/);
    expect(html).toContain(ESCAPED);
    expect(html).not.toContain("<b>No</b>");
  });
});
