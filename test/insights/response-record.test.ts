import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker, newClientAddress, ORIGIN } from "../support/http";
import { runCron } from "../support/queue";
import { addRecords, HOUR, MINUTE, NOW, OWNER, signIn, STAFF, setUpInsightsAccounts } from "./support";
// The response record shown to visitors when the owner wants (docs/decisions/038-response-record.md),
// the clock and the records as in ./support.ts.

setUpInsightsAccounts();

function postSwitch(cookie: string, show: boolean, { at = NOW, origin = ORIGIN } = {}) {
  const body = `intent=response-record&show=false${show ? "&show=true" : ""}`;
  return fetchWorker(
    "/incoming/insights/response-record?days=30",
    {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": newClientAddress(),
        Origin: origin,
      },
      body,
    },
    { at },
  );
}

const publicLine = async (path: string, at: Date) => {
  const html = await (await fetchWorker(path, {}, { at })).text();
  return /data-response-record=""[^>]*>(?:<svg.*?<\/svg>)?([^<]*)</.exec(html)?.[1] ?? null;
};

async function storedSetting() {
  return env.DB.prepare("select show_response_record as show, response_record as figure from shop_settings").first<{
    show: number;
    figure: string | null;
  }>();
}

describe("the response record on the website", () => {
  // 19 requests in the last 30 days, 18 reached within 24 hours.
  const nineteen = () =>
    addRecords("contact", [
      ...Array.from({ length: 18 }, (_, index) => ({ ago: (index + 2) * 24 * HOUR, wait: 2 * HOUR })),
      { ago: 5 * 24 * HOUR, wait: 30 * HOUR },
    ]);

  it("shows nothing with 19 requests in 30 days, and the line from the 20th on", async () => {
    await nineteen();
    const owner = await signIn(OWNER);
    expect((await postSwitch(owner, true)).status).toBe(302);
    expect(await publicLine("/", NOW)).toBeNull();

    await addRecords("serviceRequest", [{ ago: 3 * 24 * HOUR, wait: HOUR }]);
    // Not before the hourly job has run again: visitors' pages only read what it stored.
    expect(await publicLine("/", NOW)).toBeNull();
    const nextRun = new Date(NOW.getTime() + 30 * MINUTE);
    await runCron("30 * * * *", nextRun);
    // 19 of 20 within 24 hours.
    expect(await publicLine("/", nextRun)).toBe("Last 30 days: 95% of requests answered within 24 hours");
    expect(await publicLine("/contact", nextRun)).toBe("Last 30 days: 95% of requests answered within 24 hours");
  });

  it("is off until the owner turns it on, and goes when they turn it off (audited)", async () => {
    await nineteen();
    await addRecords("serviceRequest", [{ ago: 3 * 24 * HOUR, wait: HOUR }]);
    await runCron("30 * * * *", NOW);
    expect(await storedSetting()).toMatchObject({ figure: null });
    expect(await publicLine("/", NOW)).toBeNull();

    const owner = await signIn(OWNER);
    const on = await postSwitch(owner, true);
    expect(on.status).toBe(302);
    expect(on.headers.get("Location")).toBe("/incoming/insights?days=30#on-the-website");
    expect(await publicLine("/", NOW)).toBe("Last 30 days: 95% of requests answered within 24 hours");
    const ownerPage = await (
      await fetchWorker("/incoming/insights", { headers: { Cookie: owner } }, { at: NOW })
    ).text();
    expect(ownerPage).toContain("On: the home and contact pages say");

    expect((await postSwitch(owner, false)).status).toBe(302);
    expect(await publicLine("/", NOW)).toBeNull();
    expect(await publicLine("/contact", NOW)).toBeNull();

    const audit = await env.DB.prepare(
      "select detail from audit_log where action = 'insights.public-record' order by id desc limit 2",
    ).all<{ detail: string }>();
    expect(audit.results.map((row) => JSON.parse(row.detail) as unknown)).toEqual([{ shown: "off" }, { shown: "on" }]);
  });

  it("stops showing a figure the hourly job has not renewed for three hours", async () => {
    await nineteen();
    await addRecords("serviceRequest", [{ ago: 3 * 24 * HOUR, wait: HOUR }]);
    await postSwitch(await signIn(OWNER), true);
    expect(await publicLine("/", new Date(NOW.getTime() + 2 * HOUR))).not.toBeNull();
    expect(await publicLine("/", new Date(NOW.getTime() + 3 * HOUR + MINUTE))).toBeNull();
  });

  it("refuses a staff member's post with 403, and a post from another site, storing nothing", async () => {
    const audited = () =>
      env.DB.prepare("select count(*) as n from audit_log where action = 'insights.public-record'").first<{
        n: number;
      }>();
    const before = await audited();
    const staff = await signIn(STAFF);
    expect((await postSwitch(staff, true)).status).toBe(403);
    const owner = await signIn(OWNER);
    expect((await postSwitch(owner, true, { origin: "https://evil.example" })).status).toBe(403);
    const stored = await storedSetting();
    expect(stored === null || stored.show === 0).toBe(true);
    expect(await audited()).toEqual(before);
  });

  it("asks an owner whose check is over 2 hours old for it again before the switch changes", async () => {
    const signedInAt = new Date(NOW.getTime() - 3 * HOUR);
    const owner = await signIn(OWNER, signedInAt);
    const asked = await postSwitch(owner, true);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toMatch(/^\/incoming\/check\?next=/);
    const stored = await storedSetting();
    expect(stored === null || stored.show === 0).toBe(true);
    // The insights page itself takes no change any more: its old address changes nothing either.
    const old = await fetchWorker(
      "/incoming/insights",
      {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: owner, "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
        body: "intent=response-record&show=false&show=true",
      },
      { at: NOW },
    );
    expect(old.status).toBe(405);
    const after = await storedSetting();
    expect(after === null || after.show === 0).toBe(true);
  });

  it("refuses a form it cannot read with 400 and changes nothing", async () => {
    const owner = await signIn(OWNER);
    for (const body of ["intent=response-record&show=yes", "intent=other&show=true", "intent=response-record"]) {
      const response = await fetchWorker(
        "/incoming/insights/response-record",
        {
          method: "POST",
          redirect: "manual",
          headers: { Cookie: owner, "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
          body,
        },
        { at: NOW },
      );
      expect(response.status, body).toBe(400);
    }
    const stored = await storedSetting();
    expect(stored === null || stored.show === 0).toBe(true);
  });
});
