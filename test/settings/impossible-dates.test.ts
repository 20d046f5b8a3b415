import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, ORIGIN, postForm } from "../support/http";
import { apiLogin, createStaffUser, sessionCookie } from "../support/staff";

// Impossible dates and times on the owners' settings (closures, special hours, the notice) are a 400
// naming the field, on the API and on the page; nothing is stored, nothing rolls over into another
// day or hour (before: a RangeError and a 500, or T25:00 taken as 01:00 the next day).

const at = new Date("2026-11-30T15:00:00Z");
let owner = "";

beforeAll(async () => {
  await createStaffUser("dates-owner", "dates owner has a long password", "owner");
  owner = sessionCookie(await apiLogin("dates-owner", "dates owner has a long password", { at }));
});

function call(method: string, path: string, body?: unknown) {
  return fetchWorker(
    path,
    {
      method,
      headers: { Cookie: owner, "Content-Type": "application/json", Origin: ORIGIN },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { at },
  );
}

const IMPOSSIBLE_DATES = ["2027-13-01", "2027-00-10", "2027-02-99", "2027-02-29", "2027-04-31"];
const IMPOSSIBLE_TIMES = ["2027-01-10T25:00", "2027-01-10T10:99", "2026-02-31T10:00", "2027-01-10T24:00"];

async function storedSettings() {
  const closures = await env.DB.prepare("select count(*) as n from shop_closures").first<{ n: number }>();
  const special = await env.DB.prepare("select count(*) as n from shop_special_hours").first<{ n: number }>();
  return { closures: closures?.n, special: special?.n };
}

describe("impossible dates and times", () => {
  it("are a 400 naming the field on the API, and nothing is stored", async () => {
    const before = await storedSettings();
    for (const date of IMPOSSIBLE_DATES) {
      const closure = await call("POST", "/api/settings/closures", { date, reason: "Snow" });
      expect(closure.status, date).toBe(400);
      expect(await closure.json(), date).toMatchObject({ fieldErrors: { date: [expect.stringMatching(/exist/)] } });
      const special = await call("POST", "/api/settings/special-hours", {
        date,
        opens: "09:00",
        closes: "12:00",
        reason: "Inventory",
      });
      expect(special.status, date).toBe(400);
      expect(await special.json(), date).toMatchObject({ fieldErrors: { date: [expect.any(String)] } });
      for (const kind of ["closures", "special-hours"]) {
        const removed = await call("DELETE", `/api/settings/${kind}/${date}`);
        expect(removed.status, `${kind}/${date}`).toBe(400);
        expect(await removed.json()).toMatchObject({ fieldErrors: { date: [expect.any(String)] } });
      }
    }
    for (const time of ["25:00", "10:99", "9:00"]) {
      const special = await call("POST", "/api/settings/special-hours", {
        date: "2026-12-21",
        opens: time,
        closes: "23:00",
        reason: "Inventory",
      });
      expect(special.status, time).toBe(400);
      expect(await special.json(), time).toMatchObject({ fieldErrors: { opens: [expect.any(String)] } });
    }
    for (const startsAt of IMPOSSIBLE_TIMES) {
      const notice = await call("PUT", "/api/settings/notice", {
        text: "Closed for snow",
        startsAt,
        endsAt: "2027-12-01T10:00",
      });
      expect(notice.status, startsAt).toBe(400);
      expect(await notice.json(), startsAt).toMatchObject({
        fieldErrors: { startsAt: [expect.stringMatching(/exist/)] },
      });
      const ending = await call("PUT", "/api/settings/notice", {
        text: "Closed for snow",
        startsAt: "2026-12-01T10:00",
        endsAt: startsAt.replace("2027", "2028"),
      });
      expect(ending.status, startsAt).toBe(400);
      expect(await ending.json(), startsAt).toMatchObject({ fieldErrors: { endsAt: [expect.any(String)] } });
    }
    expect(await storedSettings()).toEqual(before);
    const notice = await env.DB.prepare("select notice_text from shop_settings where id = 1").first();
    expect(notice?.notice_text ?? null).toBeNull();
  });

  it("are a 400 naming the field on the settings page, the owner's input kept", async () => {
    const post = (fields: Record<string, string>) =>
      postForm("/incoming/settings", fields, { headers: { Cookie: owner }, at });
    for (const date of IMPOSSIBLE_DATES) {
      const response = await post({ intent: "closure.add", date, reason: "Snow day" });
      expect(response.status, date).toBe(400);
      const html = await response.text();
      expect(html).toContain("That date does not exist.");
      expect(html).toContain("Snow day");
    }
    const notice = await post({
      intent: "notice.set",
      text: "Closed for snow",
      startsAt: "2027-01-10T25:00",
      endsAt: "2027-01-11T10:00",
    });
    expect(notice.status).toBe(400);
    expect(await notice.text()).toMatch(/That start time does not exist/);
  });
});
