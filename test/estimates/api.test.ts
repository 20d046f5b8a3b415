import { describe, expect, it } from "vitest";
import { rowsOf } from "../support/d1";
import { ownerAndStaff } from "../support/staff";
import { at, brakes, call, type EstimateJson, keptQueue, linesWithoutPhotos, newRequest, VIN } from "./support";

// The estimates' staff API (issue 39 item 1, docs/inbox.md#estimates): writing, reading and revising
// an estimate, every amount computed in cents, and every refusal.

const sessions = ownerAndStaff("estimates-api", { at });

const create = async (requestId: string, body: unknown = brakes()) =>
  call(sessions.staff, "POST", `/api/service-requests/${requestId}/estimates`, body);

describe("POST /api/service-requests/<id>/estimates", () => {
  it("writes a numbered draft with each line's total, the tax on parts and fees only, and the total", async () => {
    const response = await create(await newRequest());
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const estimate = await response.json<EstimateJson>();
    expect(estimate).toMatchObject({
      status: "draft",
      version: 1,
      vehicle: { year: 2016, make: "Honda", model: "Accord", vin: VIN, mileage: 84_000 },
      // Parts and fee: 89.99 + 25.00 + 10.00 = 124.99, 6% of it 7.4994 → $7.50; labour 1.5 × $120 untaxed.
      subtotal: 8_999 + 18_000 + 2_500 + 1_000,
      tax: 750,
      total: 30_499 + 750,
      approvals: [],
    });
    expect(estimate.number).toBeGreaterThan(1000);
    expect(estimate.lines.map(({ kind, total, severity, note }) => ({ kind, total, severity, note }))).toEqual([
      { kind: "part", total: 8_999, severity: "red", note: "2 mm left" },
      { kind: "labour", total: 18_000, severity: "red", note: null },
      { kind: "part", total: 2_500, severity: "yellow", note: null },
      { kind: "fee", total: 1_000, severity: "green", note: null },
    ]);
    expect(new Set(estimate.lines.map((line) => line.id)).size).toBe(4);
    const read = await call(sessions.staff, "GET", `/api/estimates/${estimate.id}`);
    expect(await read.json()).toEqual(estimate);
    const [audit] = await rowsOf<{ action: string; actor_name: string }>(
      "select action, actor_name from audit_log where action = 'estimate.create'",
    );
    expect(audit).toEqual({ action: "estimate.create", actor_name: "estimates-api-staff" });
  });

  it("numbers the shop's estimates one after another", async () => {
    const requestId = await newRequest();
    const first = await (await create(requestId)).json<EstimateJson>();
    const second = await (await create(requestId)).json<EstimateJson>();
    expect(second.number).toBe(first.number + 1);
  });

  it("answers 401 without a session and 404 for a request that does not exist", async () => {
    const requestId = await newRequest();
    expect((await call("", "POST", `/api/service-requests/${requestId}/estimates`, brakes())).status).toBe(401);
    expect((await call("", "GET", "/api/estimates/anything")).status).toBe(401);
    const missing = await create("00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "No service request has this id." });
    expect((await call(sessions.staff, "GET", "/api/estimates/nope")).status).toBe(404);
  });

  const line = brakes().lines[0]!;
  const withLine = (changes: Record<string, unknown>) => ({ ...brakes(), lines: [{ ...line, ...changes }] });
  it.each([
    ["a quantity of 0", withLine({ quantity: 0 }), "quantity is above 0"],
    ["a quantity above 1,000", withLine({ quantity: 1000.01 }), "quantity is above 0"],
    ["a quantity with three decimals", withLine({ quantity: 1.005 }), "two decimals"],
    ["a negative price", withLine({ unitPrice: -1 }), "unit price is whole cents"],
    ["a price above $100,000", withLine({ unitPrice: 10_000_001 }), "unit price is whole cents"],
    ["a price in dollars", withLine({ unitPrice: 89.99 }), "unit price is whole cents"],
    ["an empty description", withLine({ description: "   " }), "needs a description"],
    ["an unknown kind", withLine({ kind: "tyre" }), "kind is one of labour, part, fee"],
    ["an unknown severity", withLine({ severity: "blue" }), "severity is one of red, yellow, green"],
    ["a description with control characters", withLine({ description: "Pads\u0007" }), "control characters"],
    ["a quantity that is not a number", withLine({ quantity: true }), "quantity is above 0"],
    ["101 lines", { ...brakes(), lines: Array.from({ length: 101 }, () => line) }, "at most 100 lines"],
    ["lines that are not a list", { ...brakes(), lines: "pads" }, "Lines are a list"],
    [
      "a VIN with a wrong check digit",
      { ...brakes(), vehicle: { ...brakes().vehicle, vin: "1HGCM82643A004352" } },
      "check digit",
    ],
    [
      "a VIN of 16 characters",
      { ...brakes(), vehicle: { ...brakes().vehicle, vin: "1HGCM82633A00435" } },
      "17 characters",
    ],
    ["no vehicle", { lines: brakes().lines }, "vehicle"],
  ])("refuses %s with 400 and a clear message, storing nothing", async (_, body, message) => {
    const requestId = await newRequest();
    const response = await create(requestId, body);
    expect(response.status).toBe(400);
    const answer = await response.json<{ message: string; fieldErrors: Record<string, string[]> }>();
    expect(answer.message).toBe("No estimate was written: some fields need attention.");
    if (message !== "vehicle") expect(JSON.stringify(answer.fieldErrors)).toContain(message);
    else expect(Object.keys(answer.fieldErrors)).toEqual(["vehicle"]);
    expect(await rowsOf("select id from estimates where service_request_id = ?", requestId)).toEqual([]);
  });

  it("refuses a body that is not JSON, too large, or not an object, never with a 500", async () => {
    const requestId = await newRequest();
    expect((await create(requestId, "{not json")).status).toBe(400);
    expect((await create(requestId, "[1, 2]")).status).toBe(400);
    const huge = { ...brakes(), lines: [{ ...line, note: "x".repeat(600 * 1024) }] };
    expect((await create(requestId, huge)).status).toBe(413);
  });
});

describe("PUT /api/estimates/<id>", () => {
  it("writes a new version: a line sent with its id is that line changed, one without is new", async () => {
    const created = await (await create(await newRequest())).json<EstimateJson>();
    const [pads, labour] = created.lines;
    const body = {
      vehicle: { year: 2016, make: "Honda", model: "Accord EX" },
      lines: [
        { ...pads, unitPrice: 9_499 },
        { ...labour, note: "Includes rotor check" },
        { kind: "part", description: "Wiper blades", quantity: 2, unitPrice: 1_250, severity: "green" },
      ],
    };
    const response = await call(sessions.staff, "PUT", `/api/estimates/${created.id}`, body);
    expect(response.status).toBe(200);
    const revised = await response.json<EstimateJson>();
    expect(revised).toMatchObject({ id: created.id, number: created.number, version: 2, status: "draft" });
    expect(revised.vehicle).toEqual({ year: 2016, make: "Honda", model: "Accord EX" });
    expect(revised.lines.slice(0, 2).map((each) => each.id)).toEqual([pads!.id, labour!.id]);
    expect(revised.lines[2]!.id).not.toBe(pads!.id);
    expect(revised.lines[2]!.total).toBe(2_500);
    // Version 1 stays readable as it was.
    const first = await call(sessions.staff, "GET", `/api/estimates/${created.id}?version=1`);
    expect(await first.json()).toMatchObject({
      version: 1,
      lines: linesWithoutPhotos(created.lines),
      total: created.total,
    });
    expect((await call(sessions.staff, "GET", `/api/estimates/${created.id}?version=9`)).status).toBe(404);
    expect((await call(sessions.staff, "GET", `/api/estimates/${created.id}?version=x`)).status).toBe(400);
  });

  it("refuses a line id the estimate does not have, and an unknown estimate", async () => {
    const created = await (await create(await newRequest())).json<EstimateJson>();
    const forged = { ...brakes(), lines: [{ ...brakes().lines[0], id: "made-up" }] };
    const response = await call(sessions.staff, "PUT", `/api/estimates/${created.id}`, forged);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'No line of this estimate has the id "made-up".' });
    expect((await call(sessions.staff, "PUT", "/api/estimates/nope", brakes())).status).toBe(404);
    expect((await call("", "PUT", `/api/estimates/${created.id}`, brakes())).status).toBe(401);
    const after = await (await call(sessions.staff, "GET", `/api/estimates/${created.id}`)).json<EstimateJson>();
    expect(after.version).toBe(1);
  });
});

describe("POST /api/estimates/<id>/send", () => {
  it("queues the customer's email and marks the estimate sent, even with visitor confirmations off", async () => {
    const { queue, bindings } = keptQueue();
    const created = await (await create(await newRequest())).json<EstimateJson>();
    const response = await call(sessions.staff, "POST", `/api/estimates/${created.id}/send`, undefined, {
      ...bindings,
      CONFIRM_VISITOR: "false",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "sent" });
    expect(queue.bodies).toEqual([{ type: "estimate", messageId: expect.any(Number) as number }]);
    expect((await call(sessions.staff, "POST", "/api/estimates/nope/send")).status).toBe(404);
  });
});
