import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker, ORIGIN } from "../support/http";
import { ownerAndStaff } from "../support/staff";

// The owners' settings endpoints (/api/settings/*) with the Worker's clock pinned to Monday,
// November 30, 2026, 10:00 AM in Pikesville: who may call them, what each refuses, and the audit
// log. test/settings/settings-live.test.ts follows a change onto the pages.

const at = new Date("2026-11-30T15:00:00Z");
// Signed in at the pinned time: a session's 8 hours run on the Worker's clock.
const sessions = ownerAndStaff("settings", { at });

function call(method: string, path: string, body?: unknown, { cookie = sessions.owner, headers = {} } = {}) {
  return fetchWorker(
    path,
    {
      method,
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: ORIGIN, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { at },
  );
}

async function shopHours() {
  return (await fetchWorker("/api/shop-hours", {}, { at })).json<{
    weekly: unknown[];
    closures: { date: string; reason: string }[];
    specialHours: { date: string; opens: string; closes: string; reason: string }[];
    notice: { text: string; endsAt: string } | null;
  }>();
}

const auditRows = (action: string) =>
  env.DB.prepare("select actor_name, action, target, detail from audit_log where action = ? order by id")
    .bind(action)
    .all();

const weekday = (day: string, opens = "08:00", closes = "17:00") => ({ day, opens, closes });
const workWeek = [
  weekday("monday"),
  weekday("tuesday"),
  weekday("wednesday"),
  weekday("thursday"),
  weekday("friday"),
  { day: "saturday", closed: true },
  { day: "sunday", closed: true },
];

describe("who may change the settings", () => {
  it("answers 401 without a session and 403 to a staff member, and stores nothing", async () => {
    const closure = { date: "2026-12-09", reason: "Closed for snow" };
    expect((await call("POST", "/api/settings/closures", closure, { cookie: "" })).status).toBe(401);
    const refused = await call("POST", "/api/settings/closures", closure, { cookie: sessions.staff });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Only the shop's owners can do this." });
    expect((await call("DELETE", "/api/settings/notice", undefined, { cookie: sessions.staff })).status).toBe(403);
    expect((await shopHours()).closures.map((entry) => entry.date)).not.toContain("2026-12-09");
  });

  it("refuses a cross-site write, even with the owner's session", async () => {
    const closure = { date: "2026-12-09", reason: "Closed for snow" };
    const response = await call("POST", "/api/settings/closures", closure, {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(403);
    expect((await shopHours()).closures.map((entry) => entry.date)).not.toContain("2026-12-09");
  });

  it("answers other methods with 405 and Allow", async () => {
    const response = await call("GET", "/api/settings/closures");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("closure days", () => {
  it("adds one, lists it in the public JSON, and audits who added it", async () => {
    const response = await call("POST", "/api/settings/closures", { date: "2026-12-10", reason: "Closed for snow" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Closed on Thursday, December 10, 2026: Closed for snow." });
    expect((await shopHours()).closures).toContainEqual({ date: "2026-12-10", reason: "Closed for snow" });
    const { results } = await auditRows("settings.closure.add");
    expect(results).toContainEqual({
      actor_name: "settings-owner",
      action: "settings.closure.add",
      target: "2026-12-10",
      detail: JSON.stringify({ date: "2026-12-10", reason: "Closed for snow" }),
    });
  });

  it("removes an upcoming one, and says so when there is none", async () => {
    await call("POST", "/api/settings/closures", { date: "2026-12-11", reason: "Family funeral" });
    expect((await call("DELETE", "/api/settings/closures/2026-12-11")).status).toBe(200);
    expect((await shopHours()).closures.map((entry) => entry.date)).not.toContain("2026-12-11");
    expect((await auditRows("settings.closure.remove")).results).toHaveLength(1);
    expect((await call("DELETE", "/api/settings/closures/2026-12-11")).status).toBe(404);
    expect((await call("DELETE", "/api/settings/closures/not-a-date")).status).toBe(400);
  });

  it.each([
    [{ date: "2026-11-27", reason: "Too late" }, "date", "That date has passed. Please choose today or a later day."],
    [
      { date: "2028-12-01", reason: "Too far" },
      "date",
      "Please choose a date up to two years ahead (until November 30, 2028).",
    ],
    [{ date: "2026-02-30", reason: "No such day" }, "date", "That date does not exist."],
    [
      { date: "2026-12-14", reason: "  " },
      "reason",
      "Please say why, in a few words visitors will read (for example: Closed for snow).",
    ],
    [{ date: "2026-12-14", reason: "x".repeat(81) }, "reason", "Please keep the reason to 80 characters."],
    [
      { date: "2026-12-14", reason: "Snow\u0007" },
      "reason",
      "The reason contains line breaks or control characters. Please remove them.",
    ],
    [{ date: "2026-12-14", reason: 42 }, "reason", "The reason must be text."],
  ])("refuses %j with 400 and a message for %s", async (body, field, message) => {
    const response = await call("POST", "/api/settings/closures", body);
    expect(response.status).toBe(400);
    const answer = await response.json<{ fieldErrors: Record<string, string[]> }>();
    expect(answer.fieldErrors[field]).toEqual([message]);
    expect((await shopHours()).closures.map((entry) => entry.date)).not.toContain("2026-12-14");
  });

  it("refuses a second closure on the same date", async () => {
    await call("POST", "/api/settings/closures", { date: "2026-12-15", reason: "Inventory" });
    const again = await call("POST", "/api/settings/closures", { date: "2026-12-15", reason: "Inventory" });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      fieldErrors: { date: ["Tuesday, December 15, 2026 is already a closure day."] },
    });
  });
});

describe("special hours", () => {
  it("adds them for one date and refuses a second entry, a closing before the opening, and a closure day", async () => {
    const entry = { date: "2026-12-16", opens: "08:00", closes: "12:00", reason: "Staff training" };
    expect((await call("POST", "/api/settings/special-hours", entry)).status).toBe(200);
    expect((await shopHours()).specialHours).toContainEqual(entry);

    const second = await call("POST", "/api/settings/special-hours", { ...entry, closes: "13:00" });
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({
      fieldErrors: { date: ["Wednesday, December 16, 2026 already has special hours. Remove them first."] },
    });
    const backwards = await call("POST", "/api/settings/special-hours", {
      ...entry,
      date: "2026-12-17",
      opens: "13:00",
    });
    expect(await backwards.json()).toMatchObject({
      fieldErrors: { closes: ["The closing time must be after the opening time."] },
    });
    const onClosure = await call("POST", "/api/settings/special-hours", { ...entry, date: "2026-12-15" });
    expect(onClosure.status).toBe(400);
    expect((await call("DELETE", "/api/settings/special-hours/2026-12-16")).status).toBe(200);
    expect((await shopHours()).specialHours).toEqual([]);
  });
});

describe("weekly hours", () => {
  it("saves each day's hours and refuses a closing before the opening", async () => {
    const saturdays = [...workWeek.slice(0, 5), weekday("saturday", "09:00", "13:00"), workWeek[6]];
    expect((await call("PUT", "/api/settings/weekly-hours", { weekly: saturdays })).status).toBe(200);
    expect((await shopHours()).weekly).toContainEqual({ day: "saturday", opens: "09:00", closes: "13:00" });
    const backwards = [weekday("monday", "17:00", "08:00"), ...workWeek.slice(1)];
    const refused = await call("PUT", "/api/settings/weekly-hours", { weekly: backwards });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fieldErrors: { weekly: ["The closing time must be after the opening time."] },
    });
    expect((await call("PUT", "/api/settings/weekly-hours", { weekly: workWeek })).status).toBe(200);
    expect((await auditRows("settings.hours")).results).toHaveLength(2);
  });

  it("takes a week with no open day only with a confirmation", async () => {
    const closedWeek = workWeek.map(({ day }) => ({ day, closed: true }));
    const refused = await call("PUT", "/api/settings/weekly-hours", { weekly: closedWeek });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fieldErrors: {
        confirmNoOpenDay: ["With every day closed, the shop would never be open. Tick the box to confirm that."],
      },
    });
    const confirmed = await call("PUT", "/api/settings/weekly-hours", { weekly: closedWeek, confirmNoOpenDay: true });
    expect(confirmed.status).toBe(200);
    expect((await shopHours()).weekly.every((day) => (day as { closed?: boolean }).closed)).toBe(true);
    await call("PUT", "/api/settings/weekly-hours", { weekly: workWeek });
  });

  it("refuses a week that leaves out a day", async () => {
    const response = await call("PUT", "/api/settings/weekly-hours", { weekly: workWeek.slice(1) });
    expect(await response.json()).toMatchObject({
      fieldErrors: { weekly: ["Please give each of the seven days once."] },
    });
  });
});

describe("holidays and the notice", () => {
  it("closes on the holidays ticked, and refuses one that is not a federal holiday", async () => {
    expect((await call("PUT", "/api/settings/holidays", { closed: ["christmas-day", "veterans-day"] })).status).toBe(
      200,
    );
    const dates = (await shopHours()).closures.map((entry) => entry.date);
    expect(dates).toContain("2026-12-25");
    expect(dates).not.toContain("2027-01-01"); // New Year's Day no longer ticked
    expect((await call("PUT", "/api/settings/holidays", { closed: ["groundhog-day"] })).status).toBe(400);
    await call("PUT", "/api/settings/holidays", {
      closed: ["new-years-day", "memorial-day", "independence-day", "labor-day", "thanksgiving-day", "christmas-day"],
    });
  });

  it("sets a notice, refuses an empty, too long or backwards one, and removes it", async () => {
    const notice = { text: "Closed today for snow.", startsAt: "2026-11-30T14:00:00Z", endsAt: "2026-11-30T23:00:00Z" };
    expect((await call("PUT", "/api/settings/notice", notice)).status).toBe(200);
    expect((await shopHours()).notice).toEqual({ text: "Closed today for snow.", endsAt: "2026-11-30T23:00:00.000Z" });
    const refusals = [
      [{ ...notice, text: "" }, "text"],
      [{ ...notice, text: "x".repeat(201) }, "text"],
      [{ ...notice, endsAt: "2026-11-30T13:00:00Z" }, "endsAt"],
      [{ ...notice, startsAt: "tomorrow" }, "startsAt"],
    ] as const;
    for (const [body, field] of refusals) {
      const response = await call("PUT", "/api/settings/notice", body);
      expect(response.status, field).toBe(400);
      expect(Object.keys((await response.json<{ fieldErrors: object }>()).fieldErrors)).toEqual([field]);
    }
    expect((await call("DELETE", "/api/settings/notice")).status).toBe(200);
    expect((await shopHours()).notice).toBeNull();
    expect((await auditRows("settings.notice.set")).results).toHaveLength(1);
    expect((await auditRows("settings.notice.clear")).results).toHaveLength(1);
  });
});
