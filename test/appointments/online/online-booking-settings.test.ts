import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, postForm } from "../../support/http";
import { at, call, cookies, setUpAppointments } from "../support";

// Issue 40, item 1: the owner's rules for online booking, by the API and on the capacity page.

beforeAll(setUpAppointments, 60_000);

const rules = { enabled: true, onlineShare: 50, minNoticeHours: 12, horizonDays: 30, mode: "confirm" };

describe("GET and PUT /api/settings/online-booking", () => {
  it("holds online booking off until an owner turns it on", async () => {
    const response = await call("GET", "/api/settings/online-booking");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...rules, enabled: false });
  });

  it("saves the rules whole, answers what holds, and audits the change", async () => {
    const saved = await call("PUT", "/api/settings/online-booking", { ...rules, onlineShare: 40, mode: "request" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ ...rules, onlineShare: 40, mode: "request" });
    expect(await (await call("GET", "/api/settings/online-booking")).json()).toMatchObject({ onlineShare: 40 });
    const { results } = await env.DB.prepare(
      "select detail from audit_log where action = 'settings.online-booking' order by id desc limit 1",
    ).all<{ detail: string }>();
    expect(results[0]?.detail).toContain("40% of places");
  });

  it.each([
    ["a share over 100", { ...rules, onlineShare: 101 }],
    ["negative hours", { ...rules, minNoticeHours: -1 }],
    ["a horizon of 0 days", { ...rules, horizonDays: 0 }],
    ["a fraction of a percent", { ...rules, onlineShare: 12.5 }],
    ["an unknown mode", { ...rules, mode: "maybe" }],
    ["a missing field", { enabled: true, onlineShare: 50, minNoticeHours: 12, mode: "confirm" }],
    ["an unknown field", { ...rules, extra: 1 }],
    ["enabled as text", { ...rules, enabled: "yes" }],
  ])("refuses %s with 400 and changes nothing", async (_, body) => {
    const before = await (await call("GET", "/api/settings/online-booking")).json();
    const refused = await call("PUT", "/api/settings/online-booking", body);
    expect(refused.status).toBe(400);
    expect(await (await call("GET", "/api/settings/online-booking")).json()).toEqual(before);
  });

  it("is for owners only", async () => {
    expect((await call("GET", "/api/settings/online-booking", undefined, { cookie: cookies.staff })).status).toBe(403);
    expect((await call("PUT", "/api/settings/online-booking", rules, { cookie: cookies.staff })).status).toBe(403);
  });
});

describe("the capacity page's online booking form", () => {
  const page = "/incoming/settings/capacity";
  const form = { intent: "online-booking", enabled: "on", onlineShare: "60", minNoticeHours: "24", horizonDays: "14" };

  it("shows the rules that hold", async () => {
    const html = await (await fetchWorker(page, { headers: { Cookie: cookies.owner } }, { at })).text();
    expect(html).toContain("Online booking");
    expect(html).toMatch(/name="onlineShare"[^>]*value="40"|value="40"[^>]*name="onlineShare"/);
  });

  it("saves from a plain post and says what now holds", async () => {
    const saved = await postForm(page, { ...form, mode: "confirm" }, { at, headers: { Cookie: cookies.owner } });
    expect(saved.status).toBe(302);
    expect(await (await call("GET", "/api/settings/online-booking")).json()).toEqual({
      enabled: true,
      onlineShare: 60,
      minNoticeHours: 24,
      horizonDays: 14,
      mode: "confirm",
    });
  });

  it("refuses nonsense with the reason and what was typed, saving nothing", async () => {
    const refused = await postForm(
      page,
      { ...form, onlineShare: "150", mode: "confirm" },
      { at, headers: { Cookie: cookies.owner } },
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Give the online share as a whole percentage from 0 to 100.");
    expect(html).toMatch(/value="150"/);
    expect(await (await call("GET", "/api/settings/online-booking")).json()).toMatchObject({ onlineShare: 60 });
  });
});
