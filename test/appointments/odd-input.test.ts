import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { postStaffForm } from "../support/staff";
import { at, book, call, capacity, cookies, newRequest, setUpAppointments } from "./support";

// Input nobody's page sends, answered as a refusal and never as a 500: a mark named after a
// property every object inherits, and numbers that are not numbers in the owners' capacity.

beforeAll(setUpAppointments, 60_000);

describe("the calendar's marks", () => {
  it("take only their own names: constructor, __proto__ or toString changes nothing", async () => {
    const id = await newRequest();
    const appointment = await (await book(id, { date: "2026-12-14", kind: "drop-off" })).json<{ id: string }>();
    for (const mark of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
      const response = await postStaffForm(cookies.staff, "/incoming/calendar", { id: appointment.id, mark }, { at });
      expect(response.status, mark).toBe(302);
      expect(response.headers.get("Location"), mark).toBe("/incoming/calendar");
    }
    const row = await env.DB.prepare("select status from appointments where id = ?").bind(appointment.id).first();
    expect(row).toEqual({ status: "confirmed" });
    const marked = await postStaffForm(
      cookies.staff,
      "/incoming/calendar",
      { id: appointment.id, mark: "arrived" },
      { at },
    );
    expect(marked.status).toBe(302);
    expect(await env.DB.prepare("select status from appointments where id = ?").bind(appointment.id).first()).toEqual({
      status: "arrived",
    });
  });
});

describe("the owners' capacity", () => {
  it("refuses null, true, text and fractions for its numbers, and keeps what was set", async () => {
    const bodies = [
      { ...capacity, dropOffsPerDay: null },
      { ...capacity, dropOffsPerDay: true },
      { ...capacity, dropOffsPerDay: "" },
      { ...capacity, dropOffsPerDay: 1.5 },
      { ...capacity, changeCutoffMinutes: true },
      { ...capacity, changeCutoffMinutes: null },
      { ...capacity, changeCutoffMinutes: false },
      { ...capacity, waiterSlots: [{ time: "08:00", places: true }] },
      { ...capacity, waiterSlots: [{ time: "08:00", places: null }] },
    ];
    for (const body of bodies) {
      const response = await call("PUT", "/api/settings/capacity", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await (await call("GET", "/api/settings/capacity")).json()).toMatchObject({
      dropOffsPerDay: 2,
      changeCutoffMinutes: 120,
    });
  });

  it("still takes numbers as JSON numbers, and as digits from the page's form", async () => {
    const json = await call("PUT", "/api/settings/capacity", {
      ...capacity,
      dropOffsPerDay: 3,
      changeCutoffMinutes: 60,
    });
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({ dropOffsPerDay: 3, changeCutoffMinutes: 60 });
    const page = await postStaffForm(
      cookies.owner,
      "/incoming/settings/capacity",
      { dropOffsPerDay: "2", cutoffHours: "2", slotTime: "08:00", slotPlaces: "2" },
      { at },
    );
    expect(page.status).toBe(302);
    expect(await (await call("GET", "/api/settings/capacity")).json()).toEqual({
      dropOffsPerDay: 2,
      waiterSlots: [{ time: "08:00", places: 2 }],
      changeCutoffMinutes: 120,
    });
  });
});
