import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { countOf } from "../support/d1";
import { at, book, call, capacity, cookies, expectOneTookThePlace, newRequest, setUpAppointments } from "./support";

// Appointments (the clock and the shop as in ./support.ts): the owners' capacity, what a day can take,
// and booking from a service request (the rules, the race for the last place, the contact it counts as).

beforeAll(setUpAppointments, 60_000);

describe("the owners' capacity", () => {
  it("is read back as set, waiter slots by time, and audited", async () => {
    const response = await call("GET", "/api/settings/capacity");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      dropOffsPerDay: 2,
      waiterSlots: [
        { time: "07:00", places: 1 },
        { time: "08:00", places: 2 },
        { time: "13:00", places: 1 },
      ],
      changeCutoffMinutes: 120,
    });
    const { results } = await env.DB.prepare(
      "select actor_name, detail from audit_log where action = 'settings.capacity'",
    ).all();
    expect(results[0]).toMatchObject({ actor_name: "appt-owner" });
    expect(String(results[0]!.detail)).toContain("2 drop-offs a day");
  });

  it("is for owners only: 401 without a session, 403 for staff", async () => {
    expect((await call("GET", "/api/settings/capacity", undefined, { cookie: "" })).status).toBe(401);
    expect((await call("PUT", "/api/settings/capacity", capacity, { cookie: cookies.staff })).status).toBe(403);
  });

  it("refuses bad input with 400 naming the field, and keeps what was set", async () => {
    const bad = await call("PUT", "/api/settings/capacity", {
      dropOffsPerDay: -1,
      waiterSlots: [{ time: "25:00", places: 1 }],
    });
    expect(bad.status).toBe(400);
    const body = await bad.json<{ fieldErrors: Record<string, string[]> }>();
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["dropOffsPerDay", "waiterSlots"]);
    const twice = await call("PUT", "/api/settings/capacity", {
      dropOffsPerDay: 1,
      waiterSlots: [
        { time: "08:00", places: 1 },
        { time: "08:00", places: 2 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(
      (await (await call("GET", "/api/settings/capacity")).json<{ dropOffsPerDay: number }>()).dropOffsPerDay,
    ).toBe(2);
  });
});

describe("what a day can take, from the hours, closures and holidays", () => {
  it.each([
    ["a Saturday", { date: "2026-12-05", kind: "drop-off" }, "date"],
    ["a closure day", { date: "2026-12-02", kind: "drop-off" }, "date"],
    ["Christmas, a holiday the shop closes for", { date: "2026-12-25", kind: "drop-off" }, "date"],
    ["a past day", { date: "2026-11-27", kind: "drop-off" }, "date"],
    ["a date that does not exist", { date: "2026-02-30", kind: "drop-off" }, "date"],
    ["an unknown kind", { date: "2026-12-01", kind: "walk-in" }, "kind"],
    ["a waiter slot before the day opens (7 AM)", { date: "2026-12-01", kind: "waiter", time: "07:00" }, "time"],
    [
      "a waiter slot after short hours end (1 PM, closing at noon)",
      { date: "2026-12-03", kind: "waiter", time: "13:00" },
      "time",
    ],
    [
      "a waiter slot before short hours begin (8 AM, opening at 9)",
      { date: "2026-12-03", kind: "waiter", time: "08:00" },
      "time",
    ],
    ["a time that is no slot", { date: "2026-12-01", kind: "waiter", time: "09:30" }, "time"],
    ["a waiter without a time", { date: "2026-12-01", kind: "waiter" }, "time"],
  ])("refuses %s with 400 naming the field, and books nothing", async (_, body, field) => {
    const id = await newRequest();
    const response = await book(id, body);
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json<{ fieldErrors: object }>()).fieldErrors)).toEqual([field]);
    const { results } = await env.DB.prepare("select id from appointments where service_request_id = ?").bind(id).all();
    expect(results).toEqual([]);
  });

  it("offers the slots inside each day's hours, the preferred day first", async () => {
    const id = await newRequest({ preferredDate: "2026-12-03" });
    const page = await fetchWorker(`/incoming/service-requests/${id}`, { headers: { Cookie: cookies.staff } }, { at });
    const html = await page.text();
    // The places (date|kind|time); the reply form's template picker has options of its own.
    const options = [...html.matchAll(/<option value="(\d{4}-\d{2}-\d{2}\|[^"]*)"/g)].map((match) => match[1]);
    expect(options[0]).toBe("2026-12-03|drop-off|");
    // Thursday's short hours hold no waiter slot at all; Wednesday (closed) has nothing.
    expect(options.filter((value) => value!.startsWith("2026-12-03"))).toEqual(["2026-12-03|drop-off|"]);
    expect(options.some((value) => value!.startsWith("2026-12-02"))).toBe(false);
    expect(options).toContain("2026-12-01|waiter|08:00");
    expect(options).not.toContain("2026-12-01|waiter|07:00");
    // Today at 10 AM: the 1 PM slot is still ahead, the 8 AM one has passed.
    expect(options).toContain("2026-11-30|waiter|13:00");
    expect(options).not.toContain("2026-11-30|waiter|08:00");
  });
});

describe("booking from a service request", () => {
  it("answers 201 with the appointment, shows it on the record, and counts as the first contact", async () => {
    const id = await newRequest();
    const response = await book(
      id,
      { date: "2026-12-01", kind: "waiter", time: "08:00", note: "Brakes squeal" },
      { cookie: cookies.staff },
    );
    expect(response.status).toBe(201);
    const booked = await response.json<Record<string, unknown>>();
    expect(booked).toMatchObject({
      date: "2026-12-01",
      kind: "waiter",
      time: "08:00",
      status: "confirmed",
      sequence: 0,
    });
    expect(booked.id).toEqual(expect.any(String));

    const record = await (
      await call("GET", `/api/service-requests/${id}`, undefined, { cookie: cookies.staff })
    ).json<{
      status: string;
      firstContactAt: string;
      appointment: Record<string, unknown> | null;
      history: { status: string; changedBy: string }[];
    }>();
    expect(record.appointment).toMatchObject({ id: booked.id, date: "2026-12-01", time: "08:00", status: "confirmed" });
    expect(record.status).toBe("contacted");
    expect(new Date(record.firstContactAt).getTime()).toBe(at.getTime());
    expect(record.history[0]).toMatchObject({ status: "contacted", changedBy: "appt-staff" });
    const { results } = await env.DB.prepare("select action from audit_log where target = ? order by id")
      .bind(`service-requests/${id}`)
      .all();
    expect(results.map((row) => row.action)).toEqual(["appointment.book", "record.status"]);
  });

  it("gives a request without an appointment `appointment: null`", async () => {
    const id = await newRequest();
    const record = await (await call("GET", `/api/service-requests/${id}`)).json<{ appointment: unknown }>();
    expect(record.appointment).toBeNull();
  });

  it("refuses a second appointment for the same request with 409", async () => {
    const id = await newRequest();
    expect((await book(id, { date: "2026-12-07", kind: "drop-off" })).status).toBe(201);
    const again = await book(id, { date: "2026-12-08", kind: "drop-off" });
    expect(again.status).toBe(409);
  });

  it("answers 404 for an unknown request", async () => {
    expect((await book(crypto.randomUUID(), { date: "2026-12-07", kind: "drop-off" })).status).toBe(404);
  });

  it("answers 409 when full, naming the next days with room of that kind", async () => {
    for (const _ of [1, 2])
      expect((await book(await newRequest(), { date: "2026-12-09", kind: "drop-off" })).status).toBe(201);
    const full = await book(await newRequest(), { date: "2026-12-09", kind: "drop-off" });
    expect(full.status).toBe(409);
    const body = await full.json<{ message: string; nextDays: { date: string; openings: { kind: string }[] }[] }>();
    expect(body.message).toMatch(/full/);
    expect(body.nextDays[0]!.date).toBe("2026-12-10");
    expect(body.nextDays.every((day) => day.openings.every((opening) => opening.kind === "drop-off"))).toBe(true);
  });

  it("gives the last place to exactly one of 50 requests sent at once", async () => {
    const ids = await insertInboxRecords(
      "serviceRequest",
      Array.from({ length: 50 }, () => ({ submittedAt: at.getTime() })),
    );
    const answers = await Promise.all(ids.map((id) => book(id, { date: "2026-12-11", kind: "waiter", time: "13:00" })));
    expect(answers).toHaveLength(50);
    expectOneTookThePlace(answers.map((answer) => answer.status));
    expect(await countOf("select count(*) as n from appointments where date = '2026-12-11' and time = '13:00'")).toBe(
      1,
    );
  });
});

// ------------------------------------------------------------------------------------------------
