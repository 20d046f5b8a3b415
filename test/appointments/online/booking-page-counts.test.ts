import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, newClientAddress, ORIGIN, postForm, rateLimiterAllowing } from "../../support/http";
import { at, call, cookies, setUpAppointments } from "../support";

// Issue 40, item 5 (docs/decisions/066-booking-page-counts.md): what the shop sees of /book, per
// week: opened, started, booked and the p75 time to book, with no cookie. The clock pinned to
// Monday, November 30, 2026 (./support.ts), so this week is the one from November 30.

beforeAll(async () => {
  await setUpAppointments();
  const rules = { enabled: true, onlineShare: 100, minNoticeHours: 12, horizonDays: 30, mode: "confirm" };
  expect((await call("PUT", "/api/settings/online-booking", rules)).status).toBe(200);
}, 60_000);

type BookingWeek = { weekStart: string; opened: number; started: number; booked: number; p75Seconds: number | null };

const thisWeek = async () => {
  const response = await fetchWorker("/api/insights?days=7", { headers: { Cookie: cookies.staff } }, { at });
  const body = await response.json<{ bookingPage: BookingWeek[] }>();
  return body.bookingPage.at(-1)!;
};

const viewIn = (html: string) => {
  const view = /name="view" value="([^"]+)"/.exec(html)?.[1];
  if (!view) throw new Error("No view id in /book");
  return view;
};

/** The page's beacon, as navigator.sendBeacon sends it from the site's own page. */
const beacon = (
  body: string,
  options: { at?: Date; client?: string; headers?: HeadersInit; bindings?: Partial<Env> } = {},
) =>
  fetchWorker(
    "/api/booking-views",
    {
      method: "POST",
      headers: {
        "Content-Type": "text/plain;charset=UTF-8",
        "CF-Connecting-IP": options.client ?? newClientAddress(),
        Origin: ORIGIN,
        "Sec-Fetch-Site": "same-origin",
        ...options.headers,
      },
      body,
    },
    { at: options.at ?? at, bindings: options.bindings },
  );

const formBeacon = (fields: Record<string, string>, options: Parameters<typeof beacon>[1] = {}) =>
  beacon(new URLSearchParams(fields).toString(), {
    ...options,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...options.headers },
  });

const booking = (view: string, place: string) => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email: `ada-${crypto.randomUUID()}@example.com`,
  phone: "(410) 555-0199",
  service: "oil-change",
  vehicle: "",
  place,
  note: "",
  view,
});

const opened = async (when = at) => viewIn(await (await fetchWorker("/book", {}, { at: when })).text());

describe("/book's counts on the insights page", () => {
  it("counts opened, started and booked once each per view, and the p75 time from opening to booking", async () => {
    const before = await thisWeek();
    // Three views: one left unopened after a look, one started but not booked, two booked after 2 and 6 minutes.
    await opened();
    const started = await opened();
    expect((await formBeacon({ view: started, event: "shown" })).status).toBe(204);
    expect((await formBeacon({ view: started, event: "started" })).status).toBe(204);
    expect((await formBeacon({ view: started, event: "started" })).status).toBe(204);
    const quick = await opened();
    const slow = await opened();
    const twoMinutesLater = new Date(at.getTime() + 2 * 60_000);
    const sixMinutesLater = new Date(at.getTime() + 6 * 60_000);
    // Without JavaScript: no beacon, the post alone says it was started and booked.
    expect((await postForm("/book", booking(quick, "2026-12-03|drop-off|"), { at: twoMinutesLater })).status).toBe(200);
    expect((await postForm("/book", booking(slow, "2026-12-03|drop-off|"), { at: sixMinutesLater })).status).toBe(200);
    // The same view posted again (a reload) is not booked twice.
    await postForm("/book", booking(slow, "2026-12-07|drop-off|"), { at: sixMinutesLater });
    const after = await thisWeek();
    expect(after.weekStart).toBe("2026-11-30");
    expect(after.opened - before.opened).toBe(4);
    expect(after.started - before.started).toBe(3);
    expect(after.booked - before.booked).toBe(2);
    expect(after.p75Seconds).toBe(360);
    const page = await fetchWorker("/incoming/insights", { headers: { Cookie: cookies.staff } }, { at });
    const html = await page.text();
    expect(html).toContain("Online booking (/book)");
    expect(html).toContain("Time to book (p75)");
    expect(html).toContain("6 min 0 s");
  });

  it("keeps a view's id across a refused post, so its page does not count as opened again", async () => {
    const before = await thisWeek();
    const view = await opened();
    const refused = await postForm("/book", { ...booking(view, "2026-12-03|drop-off|"), email: "no" }, { at });
    expect(refused.status).toBe(400);
    expect(viewIn(await refused.text())).toBe(view);
    expect((await thisWeek()).opened - before.opened).toBe(1);
  });

  it("gives every view its own id and sets no cookie", async () => {
    const first = await fetchWorker("/book", {}, { at });
    const second = await fetchWorker("/book", {}, { at });
    expect(viewIn(await first.text())).not.toBe(viewIn(await second.text()));
    expect(first.headers.get("Set-Cookie")).toBeNull();
    expect(first.headers.get("Cache-Control")).toContain("no-store");
  });

  it("counts a prefetched page only once it is shown, and times it from then", async () => {
    const before = await thisWeek();
    const html = await (await fetchWorker("/book", { headers: { "Sec-Purpose": "prefetch" } }, { at })).text();
    const view = viewIn(html);
    expect((await thisWeek()).opened).toBe(before.opened);
    expect((await formBeacon({ view, event: "shown" })).status).toBe(204);
    expect((await thisWeek()).opened - before.opened).toBe(1);
  });

  it("puts each view in the shop week it was opened in", async () => {
    // Sunday, November 29, 11 pm in Pikesville is still last week (UTC already says Monday).
    const sundayNight = new Date("2026-11-30T04:00:00Z");
    const view = await opened(sundayNight);
    const row = await env.DB.prepare("select week from booking_page_views where id = ?").bind(view).first();
    expect(row).toEqual({ week: "2026-11-23" });
  });
});

describe("the beacon refuses what the page never sends", () => {
  it.each([
    ["an unknown event", "view=00000000-0000-4000-8000-000000000000&event=booked", 400],
    ["a view that is not an id", "view=1%3B+drop+table&event=started", 400],
    ["a missing view", "event=started", 400],
    ["a field too many", "view=00000000-0000-4000-8000-000000000000&event=started&email=a%40b.c", 400],
    [
      "a view twice",
      "view=00000000-0000-4000-8000-000000000000&view=00000000-0000-4000-8000-000000000001&event=started",
      400,
    ],
    ["a view that was never opened", "view=00000000-0000-4000-8000-000000000000&event=started", 404],
    ["a huge body", `view=${"a".repeat(5000)}&event=started`, 413],
  ])("%s: %i", async (_, body, status) => {
    const response = await beacon(body, { headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(response.status).toBe(status);
  });

  it("refuses JSON and other types with a 4xx", async () => {
    const response = await beacon(JSON.stringify({ view: await opened(), event: "started" }), {
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it("refuses a beacon from another site, and counts nothing", async () => {
    const before = await thisWeek();
    const view = await opened();
    const headers = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
    expect((await formBeacon({ view, event: "started" }, { headers })).status).toBe(403);
    expect((await thisWeek()).started).toBe(before.started);
  });

  it("refuses a view opened more than a day ago", async () => {
    const view = await opened();
    const nextDay = new Date(at.getTime() + 25 * 60 * 60 * 1000);
    expect((await formBeacon({ view, event: "started" }, { at: nextDay })).status).toBe(404);
  });

  it("answers 429 past the client's limit, without using up the client's form posts", async () => {
    const view = await opened();
    const client = newClientAddress();
    const bindings = { SUBMISSION_LIMITER: rateLimiterAllowing(3) };
    for (let count = 0; count < 3; count += 1) {
      expect((await formBeacon({ view, event: "started" }, { client, bindings })).status).toBe(204);
    }
    const refused = await formBeacon({ view, event: "started" }, { client, bindings });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    const post = await postForm("/book", booking(view, "2026-12-04|drop-off|"), { client, bindings, at });
    expect(post.status).toBe(200);
  });

  it("is kept 13 weeks: an old view is gone when a new one opens", async () => {
    const old = await opened(new Date("2026-08-01T15:00:00Z"));
    await opened(at);
    const row = await env.DB.prepare("select id from booking_page_views where id = ?").bind(old).first();
    expect(row).toBeNull();
  });
});
