import { env } from "cloudflare:test";
import { convertIcsCalendar } from "ts-ics";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker } from "../support/http";
import { apiLogin, createStaffUser, postStaffForm, sessionCookie } from "../support/staff";
import { at, book, cookies, newRequest, setUpAppointments } from "./support";

// Each member's private calendar feed (docs/decisions/050), the clock pinned as in ./support.ts
// (Monday, November 30, 2026, 10 AM): made on the account page, shown once, kept hashed, replaced
// by a new one, revoked, and stopped for a disabled member; the feed itself parsed with ts-ics.

let memberId = "";
let member = "";

beforeAll(async () => {
  await setUpAppointments();
  memberId = await createStaffUser("feed-staff", "feed staff has a long password", "staff");
  member = sessionCookie(await apiLogin("feed-staff", "feed staff has a long password", { at }));
}, 60_000);

/** Makes the member's feed from the account page's form; returns the path of the address shown. */
async function makeFeed(cookie = member) {
  const response = await postStaffForm(cookie, "/incoming/account/calendar-feed", { intent: "make" }, { at });
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  const html = await response.text();
  const path = /https?:\/\/[^/"]+(\/appointments\/feed\/[A-Za-z0-9_-]{43}\.ics)/.exec(html)?.[1];
  if (!path) throw new Error("No feed address on the page");
  return path;
}

const readFeed = (path: string, when = at) => fetchWorker(path, {}, { at: when });

describe("a member's calendar feed", () => {
  let path = "";
  let booked = "";

  beforeAll(async () => {
    const id = await newRequest();
    const response = await book(id, { date: "2026-12-01", kind: "waiter", time: "08:00", note: "Bring the spare" });
    booked = (await response.json<{ id: string }>()).id;
    const cancelled = await newRequest();
    const other = await (await book(cancelled, { date: "2026-12-01", kind: "drop-off" })).json<{ id: string }>();
    await postStaffForm(
      cookies.staff,
      `/incoming/service-requests/${cancelled}/appointment`,
      { intent: "cancel" },
      { at },
    );
    expect(other.id).toBeTruthy();
    path = await makeFeed();
  });

  it("lists the shop's appointments as text/calendar, never cached and kept out of search", async () => {
    const response = await readFeed(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/calendar/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toContain("noindex");
    const calendar = convertIcsCalendar(undefined, await response.text());
    const events = calendar.events ?? [];
    // The cancelled appointment has left it.
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.uid).toBe(`appointment-${booked}@pikesville-family-auto-repair`);
    expect(event!.summary).toMatch(/^Waiter 8:00 AM: /);
    expect(event!.description).toContain("Bring the spare");
    // 8:00 AM in Pikesville in December (EST, UTC-5).
    expect(event!.start.date.toISOString()).toBe("2026-12-01T13:00:00.000Z");
  });

  it("keeps each event's UID from one reading to the next", async () => {
    const later = new Date(at.getTime() + 3_600_000);
    const uids = async (when: Date) =>
      (convertIcsCalendar(undefined, await (await readFeed(path, when)).text()).events ?? []).map((event) => event.uid);
    expect(await uids(later)).toEqual(await uids(at));
  });

  it("covers 30 days back to 90 ahead", async () => {
    const insert = (date: string) =>
      env.DB.prepare(
        "insert into appointments (id, service_request_id, date, kind, status, token_salt, token_hash, created_at, updated_at) values (?, ?, ?, 'drop-off', 'done', 'salt', ?, 0, 0)",
      )
        .bind(`window-${date}`, crypto.randomUUID(), date, crypto.randomUUID())
        .run();
    for (const date of ["2026-10-30", "2026-10-31", "2027-02-28", "2027-03-01"]) await insert(date);
    const text = await (await readFeed(path)).text();
    expect(text).toContain("appointment-window-2026-10-31@");
    expect(text).toContain("appointment-window-2027-02-28@");
    expect(text).not.toContain("appointment-window-2026-10-30@");
    expect(text).not.toContain("appointment-window-2027-03-01@");
  });

  it("is stored only as a hash, and the account page says it is on without showing it again", async () => {
    const token = path.slice("/appointments/feed/".length, -".ics".length);
    const row = await env.DB.prepare("select token_hash from calendar_feeds where user_id = ?").bind(memberId).first();
    expect(row!.token_hash).not.toContain(token);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const page = await (await fetchWorker("/incoming/account", { headers: { Cookie: member } }, { at })).text();
    expect(page).toContain("Calendar feed");
    expect(page).toContain("On since");
    expect(page).not.toContain(token);
  });

  it("answers 404 to an unknown or malformed address", async () => {
    expect((await readFeed(`/appointments/feed/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await readFeed("/appointments/feed/short.ics")).status).toBe(404);
  });

  it("is replaced by a new one: the old address stops", async () => {
    const newer = await makeFeed();
    expect((await readFeed(path)).status).toBe(404);
    expect((await readFeed(newer)).status).toBe(200);
    path = newer;
  });

  it("stops when revoked, audited", async () => {
    const response = await postStaffForm(member, "/incoming/account/calendar-feed", { intent: "revoke" }, { at });
    expect(response.status).toBe(302);
    expect((await readFeed(path)).status).toBe(404);
    const { results } = await env.DB.prepare(
      "select detail from audit_log where action = 'account.calendar-feed' and actor_name = 'feed-staff' order by id",
    ).all();
    expect(results.map((entry) => JSON.parse(String(entry.detail)) as unknown)).toEqual([
      { feed: "made" },
      { feed: "made" },
      { feed: "revoked" },
    ]);
  });

  it("stops for a disabled member", async () => {
    const feed = await makeFeed();
    expect((await readFeed(feed)).status).toBe(200);
    await env.DB.prepare("update users set disabled_at = ? where id = ?").bind(at.getTime(), memberId).run();
    expect((await readFeed(feed)).status).toBe(404);
  });
});
