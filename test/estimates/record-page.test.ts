import { describe, expect, it } from "vitest";
import { rowsOf } from "../support/d1";
import { fetchWorker } from "../support/http";
import { ownerAndStaff, postStaffForm } from "../support/staff";
import { at, call, type EstimateJson, keptQueue, newRequest } from "./support";

// The record page's estimate section (issue 39 item 6) as a browser without JavaScript uses it:
// the vehicle from the request, lines written in dollars, a revision, sending, and the timeline.

const sessions = ownerAndStaff("estimates-page", { at });

// The page's text without React's markers between adjacent texts.
const recordPage = async (id: string) =>
  (
    await (
      await fetchWorker(`/incoming/service-requests/${id}`, { headers: { Cookie: sessions.staff } }, { at })
    ).text()
  ).replaceAll("<!-- -->", "");

const form = (fields: Record<string, string>) => ({
  intent: "save",
  year: "2016",
  make: "Honda",
  model: "Accord",
  mileage: "84,000",
  vin: "",
  "line-0-description": "Front brake pads",
  "line-0-kind": "part",
  "line-0-quantity": "1",
  "line-0-price": "$89.99",
  "line-0-severity": "red",
  "line-0-note": "2 mm left",
  "line-1-description": "",
  "line-1-kind": "part",
  "line-1-quantity": "1",
  "line-1-price": "",
  "line-1-severity": "yellow",
  "line-1-note": "",
  ...fields,
});

const estimatesOf = (requestId: string) =>
  rowsOf<{ id: string }>("select id from estimates where service_request_id = ?", requestId);

describe("the record page's estimate section", () => {
  it("offers a form with the request's vehicle, and writes the estimate from a plain post in dollars", async () => {
    const requestId = await newRequest();
    const html = await recordPage(requestId);
    expect(html).toContain('id="estimate"');
    expect(/<input[^>]*name="make"[^>]*>/.exec(html)?.[0]).toContain('value="Honda"');
    const response = await postStaffForm(sessions.staff, `/incoming/service-requests/${requestId}/estimate`, form({}), {
      at,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/incoming/service-requests/${requestId}#estimate`);
    const [row] = await estimatesOf(requestId);
    const estimate = await (await call(sessions.staff, "GET", `/api/estimates/${row!.id}`)).json<EstimateJson>();
    expect(estimate.lines).toEqual([
      expect.objectContaining({ description: "Front brake pads", unitPrice: 8_999, total: 8_999, note: "2 mm left" }),
    ]);
    expect(estimate.vehicle).toEqual({ year: 2016, make: "Honda", model: "Accord", mileage: 84_000 });
    const shown = await recordPage(requestId);
    expect(shown).toContain(`Estimate ${estimate.number}, version 1`);
    expect(shown).toContain(`Estimate ${estimate.number} written ($95.39)`);
  });

  it("revises a line by its id, and sends the link, which the timeline shows", async () => {
    const requestId = await newRequest();
    await postStaffForm(sessions.staff, `/incoming/service-requests/${requestId}/estimate`, form({}), { at });
    const [row] = await estimatesOf(requestId);
    const before = await (await call(sessions.staff, "GET", `/api/estimates/${row!.id}`)).json<EstimateJson>();
    const revised = form({ estimateId: row!.id, "line-0-id": before.lines[0]!.id, "line-0-price": "99" });
    await postStaffForm(sessions.staff, `/incoming/service-requests/${requestId}/estimate`, revised, { at });
    const after = await (await call(sessions.staff, "GET", `/api/estimates/${row!.id}`)).json<EstimateJson>();
    expect(after).toMatchObject({ version: 2, lines: [{ id: before.lines[0]!.id, unitPrice: 9_900 }] });
    const { queue, bindings } = keptQueue();
    const sent = { intent: "send", estimateId: row!.id };
    await postStaffForm(sessions.staff, `/incoming/service-requests/${requestId}/estimate`, sent, { at, bindings });
    expect(queue.bodies).toHaveLength(1);
    expect(await recordPage(requestId)).toContain(`Estimate ${after.number} sent to the customer (version 2)`);
  });

  it("refuses a bad price, VIN or quantity with the form as typed and what to fix (400), storing nothing", async () => {
    const requestId = await newRequest();
    const cases: { fields: Record<string, string>; kept: string; message: string }[] = [
      { fields: { "line-0-price": "ninety" }, kept: 'name="line-0-price" value="ninety"', message: "A unit price is" },
      { fields: { vin: "1HGCM82643A004352" }, kept: 'name="vin" value="1HGCM82643A004352"', message: "VIN" },
      {
        fields: { "line-0-quantity": "0" },
        kept: 'name="line-0-quantity" value="0"',
        message: "A quantity is above 0",
      },
    ];
    for (const { fields, kept, message } of cases) {
      const response = await postStaffForm(
        sessions.staff,
        `/incoming/service-requests/${requestId}/estimate`,
        form(fields),
        { at },
      );
      expect(response.status).toBe(400);
      expect(response.headers.get("Set-Cookie") ?? "").not.toContain("__Host-toast");
      const html = (await response.text()).replaceAll("<!-- -->", "");
      expect(html).toContain("The estimate was not saved.");
      expect(html).toContain(kept);
      expect(html).toContain('name="make" value="Honda"');
      expect(html).toContain(message);
    }
    expect(await estimatesOf(requestId)).toHaveLength(0);
  });

  it("puts each message under the field it is about: the row's price, with aria-invalid", async () => {
    const requestId = await newRequest();
    const posted = form({ "line-1-description": "Wiper blades", "line-1-price": "-3" });
    const response = await postStaffForm(sessions.staff, `/incoming/service-requests/${requestId}/estimate`, posted, {
      at,
    });
    expect(response.status).toBe(400);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    const price = /<input[^>]*name="line-1-price"[^>]*>/.exec(html)?.[0] ?? "";
    expect(price).toContain('aria-invalid="true"');
    expect(price).toContain('value="-3"');
    expect(html).toContain('id="estimate-new-line-1-price-error"');
    expect(/<input[^>]*name="line-0-price"[^>]*>/.exec(html)?.[0]).not.toContain("aria-invalid");
  });
});
