import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { at, book, call, capacity, cookies, newRequest, setUpAppointments } from "../appointments/support";
import { fetchWorker, ORIGIN, postJson } from "../support/http";
import { uniqueEmail, validServiceRequest } from "../support/inbox";

// Text with a lone surrogate is refused at the door, wherever text comes in. JSON can spell one
// ("\ud800"), UTF-8 cannot carry it: stored, it came back as U+FFFD in the calendar feed and the
// emails. The JSON door (app/http/json-endpoint.server.ts) refuses it in any string or key, however
// deep, naming the field; a form's body is UTF-8 checked byte by byte (app/http/request-body.server.ts),
// so an escaped half of a pair (%ED%A0%80) is refused there.

const LONE = ["\ud800", "\udc00", "a\ud83d", "\ude97b"];

beforeAll(setUpAppointments, 60_000);

const countOf = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;

describe("a lone surrogate", () => {
  it("in a staff booking's note is a 400 naming the note, and nothing is booked", async () => {
    const id = await newRequest();
    for (const half of LONE) {
      const response = await book(id, { date: "2026-12-14", kind: "drop-off", note: `Spare key ${half}` });
      expect(response.status, JSON.stringify(half)).toBe(400);
      expect(await response.json(), JSON.stringify(half)).toMatchObject({
        fieldErrors: { note: [expect.any(String)] },
      });
    }
    expect(await countOf("select count(*) as n from appointments")).toBe(0);
    expect((await book(id, { date: "2026-12-14", kind: "drop-off", note: "Spare key 🚗" })).status).toBe(201);
  });

  it("in any JSON field, nested or a key, is a 400 naming the field at the top", async () => {
    const cases: [path: string, method: string, body: Record<string, unknown>, field: string][] = [
      [
        "/api/service-request",
        "POST",
        { ...validServiceRequest(), email: uniqueEmail(), lastName: "Ok\ud800" },
        "lastName",
      ],
      ["/api/contact", "POST", { ...validServiceRequest(), message: "Hello \udc00" }, "message"],
      [
        "/api/settings/capacity",
        "PUT",
        // A key the schema would drop, inside a list: still refused, naming the field it is in.
        { ...capacity, waiterSlots: [{ time: "08:00", places: 1, label: "\ud800" }] },
        "waiterSlots",
      ],
      ["/api/settings/closures", "POST", { date: "2026-12-21", reason: "Snow \ud800" }, "reason"],
      ["/api/settings/capacity", "PUT", { ...capacity, "\ud800": 1 }, ""],
      [`/api/service-requests/${await newRequest()}`, "PATCH", { assignee: "appt-staff\udc00" }, "assignee"],
    ];
    for (const [path, method, body, field] of cases) {
      const response = await call(method, path, body);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toMatchObject({
        fieldErrors: { [field]: [expect.stringMatching(/not valid text/)] },
      });
    }
    const login = await postJson("/api/login", { username: "appt-owner\ud800", password: "x" });
    expect(login.status).toBe(400);
    expect(await countOf("select count(*) as n from shop_closures where reason like 'Snow%'")).toBe(0);
    expect(await countOf("select count(*) as n from service_requests where assignee is not null")).toBe(0);
  });

  it("escaped in a form's body is refused as text that is not UTF-8, and nothing is booked", async () => {
    const id = await newRequest();
    const response = await fetchWorker(
      `/incoming/service-requests/${id}/appointment`,
      {
        method: "POST",
        redirect: "manual",
        headers: {
          Cookie: cookies.owner,
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: ORIGIN,
          "Sec-Fetch-Site": "same-origin",
        },
        body: "intent=book&place=2026-12-15%7Cdrop-off%7C&note=Spare%20key%20%ED%A0%80",
      },
      { at },
    );
    expect(response.status).toBe(400);
    const booked = await env.DB.prepare("select count(*) as n from appointments where service_request_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(booked?.n).toBe(0);
  });
});
