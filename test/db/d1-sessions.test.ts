import { beforeAll, describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE_NAME } from "~/db/request-session.server";
import { call, cookies, setUpAppointments } from "../appointments/support";
import { choices, decide, sentEstimate } from "../estimates/support";
import { deliver } from "../replies/support";
import { recordingSessionStarts } from "../support/d1";
import { fetchWorker, postJson, setCookieLine } from "../support/http";
import { deliverQueued, recordingMailer, recordingQueue, runCron } from "../support/queue";

// Issue 41, item 1 (docs/decisions/068-every-d1-read-through-a-session.md): every request reads and
// writes D1 through one session, started at the primary for writes and members, at any replica for
// other readers, and at a signed bookmark right after the reader's own write. Locally there are no
// replicas, so what these tests watch is where each session starts (the D1 binding, wrapped,
// hears every `withSession`) and what the reader then sees.

const rules = { enabled: true, onlineShare: 50, minNoticeHours: 12, horizonDays: 30, mode: "confirm" };
const at = new Date("2026-11-30T15:00:00Z");

beforeAll(async () => {
  await setUpAppointments();
  expect((await call("PUT", "/api/settings/online-booking", rules)).status).toBe(200);
}, 60_000);

/** A request to the Worker, with where its D1 sessions started. */
async function watched(path: string, init: RequestInit = {}) {
  const { binding, starts } = recordingSessionStarts();
  const response = await fetchWorker(path, init, { at, bindings: { DB: binding } });
  return { response, starts, bookmarkCookie: setCookieLine(response, BOOKMARK_COOKIE_NAME) };
}

/** The bookmark cookie as the browser sends it back. */
const sentBack = (line: string | undefined) => {
  expect(line).toBeDefined();
  return line!.split(";")[0]!;
};

/** The bookmark a signed cookie carries: its value is base64 JSON, then a dot and the signature. */
function bookmarkIn(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  return JSON.parse(atob(value.slice(0, value.lastIndexOf(".")))) as string;
}

const availability = "/api/availability?from=2026-12-01&to=2026-12-07";
const freeDropOffs = async (response: Response, date: string) =>
  (await response.json<{ days: { date: string; dropOff: { free: number } }[] }>()).days.find((day) => day.date === date)
    ?.dropOff.free;

const visitor = {
  firstName: "Ada",
  lastName: "Byron",
  email: "ada-sessions@example.com",
  phone: "(410) 555-0111",
  service: "oil-change",
  vehicle: "2015 Toyota Camry",
  date: "2026-12-07",
  kind: "drop-off",
};

describe("where each request's D1 session starts", () => {
  it("a visitor's read of the openings or a customer page starts at any replica, and sets no cookie", async () => {
    for (const path of [availability, "/appointments/no-such-link"]) {
      const { starts, response } = await watched(path);
      expect(starts).toEqual(["first-unconstrained"]);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("a member's request starts at the primary and leaves a bookmark, signed, HttpOnly, Secure, Lax, short-lived", async () => {
    const { starts, bookmarkCookie } = await watched("/incoming/calendar", { headers: { Cookie: cookies.staff } });
    expect(starts).toEqual(["first-primary"]);
    expect(bookmarkCookie).toMatch(/^__Host-d1-bookmark=[^;]+\.[^;]+;/);
    for (const attribute of ["Max-Age=300", "Path=/", "HttpOnly", "Secure", "SameSite=Lax"]) {
      expect(bookmarkCookie).toContain(attribute);
    }
    expect(bookmarkIn(sentBack(bookmarkCookie))).toMatch(/^[0-9a-f]+(-[0-9a-f]+)*$/);
  });

  it("a Cron Trigger, a batch of the queue's jobs and an incoming email start at the primary", async () => {
    const cron = recordingSessionStarts();
    await runCron("0 8 * * *", at, { DB: cron.binding });
    expect(cron.starts).toEqual(["first-primary"]);

    const queue = recordingQueue();
    const booked = await postJson(
      "/api/bookings",
      { ...visitor, email: "queue@example.com", date: "2026-12-04" },
      {
        at,
        bindings: { NOTIFY_QUEUE: queue },
      },
    );
    expect(booked.status).toBe(201);
    const jobs = recordingSessionStarts();
    const mailer = recordingMailer();
    await deliverQueued(queue, { DB: jobs.binding, NOTIFY_EMAIL: mailer.binding }, 1);
    expect(mailer.sent.length).toBeGreaterThan(0);
    expect(jobs.starts).toEqual(["first-primary"]);

    const mail = recordingSessionStarts();
    const raw = "From: customer@example.com\nTo: reply+unknown@example.com\nSubject: Hi\n\nTuesday works.\n";
    await deliver(raw, { to: "reply+unknown@example.com", bindings: { DB: mail.binding } });
    expect(mail.starts).toEqual(["first-primary"]);
  });
});

describe("the bookmark cookie", () => {
  it("starts a visitor's next read at the bookmark of their booking, which they then see", async () => {
    const before = await freeDropOffs((await watched(availability)).response, "2026-12-07");
    expect(before).toBe(1);
    const { binding, starts } = recordingSessionStarts();
    const booked = await postJson("/api/bookings", visitor, { at, bindings: { DB: binding } });
    expect(booked.status).toBe(201);
    expect(starts).toEqual(["first-primary"]);
    const cookie = sentBack(setCookieLine(booked, BOOKMARK_COOKIE_NAME));

    const after = await watched(availability, { headers: { Cookie: cookie } });
    expect(after.starts).toEqual([bookmarkIn(cookie)]);
    expect(await freeDropOffs(after.response, "2026-12-07")).toBe(0);
    // A public read sets no cookie, not even the one it read by.
    expect(after.response.headers.getSetCookie()).toEqual([]);
  });

  it("brings a member's write back on their next request, and every member's request renews it", async () => {
    const changed = { ...rules, minNoticeHours: 24 };
    const { binding, starts } = recordingSessionStarts();
    const put = await call("PUT", "/api/settings/online-booking", changed, { bindings: { DB: binding } });
    expect(put.status).toBe(200);
    expect(starts).toEqual(["first-primary"]);
    const cookie = sentBack(setCookieLine(put, BOOKMARK_COOKIE_NAME));

    const read = await watched("/api/settings/online-booking", { headers: { Cookie: `${cookies.owner}; ${cookie}` } });
    expect(read.starts).toEqual([bookmarkIn(cookie)]);
    expect(await read.response.json()).toMatchObject({ minNoticeHours: 24 });
    expect(read.bookmarkCookie).toBeDefined();
    expect((await call("PUT", "/api/settings/online-booking", rules)).status).toBe(200);
  });

  it("is never trusted blindly: a forged or malformed bookmark starts at the primary", async () => {
    const { bookmarkCookie } = await watched("/incoming/calendar", { headers: { Cookie: cookies.staff } });
    const genuine = decodeURIComponent(sentBack(bookmarkCookie).split("=")[1]!);
    const signature = genuine.slice(genuine.lastIndexOf(".") + 1);
    const otherBookmark = btoa(JSON.stringify("00000001-00000002-00004000-ffffffffffffffffffffffffffffffff"));
    const forgeries = [
      `${otherBookmark}.${signature}`,
      btoa(JSON.stringify("00000001-00000002")),
      "not-a-bookmark",
      "",
    ];
    for (const forged of forgeries) {
      const { starts, response } = await watched(availability, {
        headers: { Cookie: `${BOOKMARK_COOKIE_NAME}=${encodeURIComponent(forged)}` },
      });
      expect(starts, forged).toEqual(["first-primary"]);
      expect(response.status).toBe(200);
    }
  });

  it("keeps public pages cached for a visitor who carries one: the page cache never sees it", async () => {
    const { bookmarkCookie } = await watched("/incoming/calendar", { headers: { Cookie: cookies.staff } });
    const headers = { Cookie: sentBack(bookmarkCookie) };
    await fetchWorker("/about", { headers });
    const again = await fetchWorker("/about", { headers });
    expect(again.headers.get("Cache-Status")).toMatch(/; hit; /);
    expect(again.headers.getSetCookie()).toEqual([]);
  });
});

describe("the customer's decision on their estimate", () => {
  const page = (token: string, cookie?: string) =>
    watched(`/estimates/${token}`, cookie === undefined ? {} : { headers: { Cookie: cookie } });

  it("is written at the primary, and the customer's next look at the page starts at its bookmark and shows it", async () => {
    const { estimate, token } = await sentEstimate(cookies.staff);
    const before = await page(token);
    expect(before.starts).toEqual(["first-unconstrained"]);
    expect(await before.response.text()).toContain("Send my decision");

    const { binding, starts } = recordingSessionStarts();
    const decided = await decide(token, choices(estimate, [0, 1]), { bindings: { DB: binding } });
    expect(decided.status).toBe(303);
    expect(starts).toEqual(["first-primary"]);
    const cookie = sentBack(setCookieLine(decided, BOOKMARK_COOKIE_NAME));

    const after = await page(token, cookie);
    expect(after.starts).toEqual([bookmarkIn(cookie)]);
    const shown = await after.response.text();
    expect(shown).toContain("Thank you. Your decision was sent");
    expect(shown).not.toContain("Send my decision");
    expect(after.response.headers.getSetCookie()).toEqual([]);
  });

  it("starts at the primary when the customer's bookmark cookie is forged, and still shows their page", async () => {
    const { token } = await sentEstimate(cookies.staff);
    const forged = `${btoa(JSON.stringify("00000001-00000002-00004000-ffffffffffffffffffffffffffffffff"))}.forged`;
    const { starts, response } = await page(token, `${BOOKMARK_COOKIE_NAME}=${encodeURIComponent(forged)}`);
    expect(starts).toEqual(["first-primary"]);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Send my decision");
  });
});
