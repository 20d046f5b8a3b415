import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, postForm, rateLimiterAllowing } from "../../support/http";
import { at, onlineVisitor, setUpOnlineBooking } from "../support";

// Issue 40, item 3: the /book page, a plain form that works without JavaScript, with the public
// forms' protections. The shop and clock as in ./support.ts; online booking at 50%, 12 hours'
// notice, 30 days ahead.

beforeAll(setUpOnlineBooking, 60_000);

const fields = (changes: Record<string, string> = {}) => ({
  ...onlineVisitor(),
  place: "2026-12-04|drop-off|",
  note: "",
  ...changes,
});

const liveOn = (date: string) =>
  env.DB.prepare("select count(*) as n from appointments where date = ? and status <> 'cancelled'")
    .bind(date)
    .first<{ n: number }>()
    .then((row) => row?.n ?? 0);

describe("/book", () => {
  it("offers the services bookable online and the places left online", async () => {
    const page = await fetchWorker("/book", {}, { at });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('value="oil-change"');
    expect(html).toContain('value="2026-12-01|drop-off|"');
    expect(html).toContain('value="2026-12-01|waiter|08:00"');
    expect(html).not.toContain('value="2026-12-02|');
  });

  it("books from a plain post and says so", async () => {
    const booked = await postForm("/book", fields(), { at });
    expect(booked.status).toBe(200);
    const html = await booked.text();
    expect(html).toContain("You&#x27;re booked");
    expect(html).toContain("Friday, December 4, 2026, drop-off between 8:00 AM and");
    expect(await liveOn("2026-12-04")).toBe(1);
  });

  it("gives back what was typed with the reason when a field is wrong", async () => {
    const refused = await postForm("/book", fields({ email: "not an email", vehicle: "1999 Saab 9-3" }), { at });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('value="1999 Saab 9-3"');
  });

  it("offers the next days when the place is full", async () => {
    expect((await postForm("/book", fields({ place: "2026-12-07|drop-off|" }), { at })).status).toBe(200);
    const full = await postForm("/book", fields({ place: "2026-12-07|drop-off|" }), { at });
    expect(full.status).toBe(409);
    const html = (await full.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(
      "Next days with a place: Tuesday, December 8, Wednesday, December 9, Thursday, December 10.",
    );
  });

  it("refuses a post from another site, and books nothing", async () => {
    const before = await liveOn("2026-12-09");
    const refused = await postForm("/book", fields({ place: "2026-12-09|drop-off|" }), {
      at,
      sameOrigin: false,
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(refused.status).toBe(403);
    expect(await liveOn("2026-12-09")).toBe(before);
  });

  it("answers a filled honeypot as booked, but books nothing", async () => {
    const bot = await postForm(
      "/book",
      { ...fields({ place: "2026-12-10|drop-off|" }), leave_blank: "http://spam.example" },
      { at },
    );
    expect(bot.status).toBe(200);
    expect(await liveOn("2026-12-10")).toBe(0);
  });

  it("refuses a client over the forms' rate limit with 429", async () => {
    const limited = await postForm("/book", fields({ place: "2026-12-11|drop-off|" }), {
      at,
      bindings: { SUBMISSION_LIMITER: rateLimiterAllowing(0) },
    });
    expect(limited.status).toBe(429);
    expect(await liveOn("2026-12-11")).toBe(0);
  });
});
