import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, ORIGIN, postForm, postJson, workerAt } from "../support/http";
import { uniqueEmail, validServiceRequest } from "../support/inbox";
import { recordingQueue, runCron } from "../support/queue";
import { apiLogin, createStaffUser, sessionCookie } from "../support/staff";

// An owner's change to the hours, followed onto what visitors see, with the Worker's clock pinned:
// the open-now line, the notice, the booking rules, the JSON-LD, the page cache and the settings
// page's own forms without JavaScript. test/settings/settings-api.test.ts covers each rule of the API.

let owner = "";
let staff = "";

beforeAll(async () => {
  await createStaffUser("live-owner", "live owner has a long enough password", "owner");
  await createStaffUser("live-staff", "live staff has a long enough password", "staff");
  // Signed in at the time the page forms below are pinned to: a session's 8 hours run on the Worker's clock.
  const at = new Date("2026-11-30T15:00:00Z");
  owner = sessionCookie(await apiLogin("live-owner", "live owner has a long enough password", { at }));
  staff = sessionCookie(await apiLogin("live-staff", "live staff has a long enough password", { at }));
});

/** The owner's API call at a pinned time, from a session begun at that time. */
async function ownerCall(method: string, path: string, body: unknown, at: Date) {
  const cookie = sessionCookie(await apiLogin("live-owner", "live owner has a long enough password", { at }));
  const headers = { Cookie: cookie, "Content-Type": "application/json", Origin: ORIGIN };
  return fetchWorker(path, { method, headers, body: JSON.stringify(body) }, { at });
}

const page = async (path: string, at: Date) => (await fetchWorker(path, {}, { at })).text();

/** The header's strip, up to the logo link: where the open-now line is. */
const headerStrip = (html: string) => {
  const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
  return header.slice(0, header.indexOf("<a"));
};

const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/.exec(html)?.[1] ?? "{}") as {
    specialOpeningHoursSpecification?: Record<string, string>[];
    openingHoursSpecification?: Record<string, unknown>[];
  };

describe("special hours on the pages", () => {
  it("shows them in the open-now line, the contact page and the JSON-LD", async () => {
    const monday = new Date("2026-11-30T15:00:00Z");
    const entry = { date: "2026-12-04", opens: "08:00", closes: "12:00", reason: "Staff training" };
    expect((await ownerCall("POST", "/api/settings/special-hours", entry, monday)).status).toBe(200);

    const fridayMorning = new Date("2026-12-04T15:00:00Z"); // 10:00 AM
    expect(headerStrip(await page("/about", fridayMorning))).toContain("Open now · until 12:00 PM (Staff training)");
    const fridayAfternoon = new Date("2026-12-04T17:30:00Z"); // 12:30 PM
    expect(headerStrip(await page("/about", fridayAfternoon))).toContain("Closed · opens Monday at 8:00 AM");

    const contact = await page("/contact", monday);
    expect(contact).toContain("Closures and Special Hours");
    expect(contact.replaceAll("<!-- -->", "")).toContain("8:00 AM - 12:00 PM (Staff training)");
    expect(jsonLdOf(contact).specialOpeningHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      name: "Staff training",
      opens: "08:00",
      closes: "12:00",
      validFrom: "2026-12-04",
      validThrough: "2026-12-04",
    });
  });
});

describe("a closure added a minute ago", () => {
  it("refuses a booking for that day with its reason, on the API and the page form", async () => {
    const tuesday = new Date("2026-12-01T15:00:00Z");
    const closure = { date: "2026-12-08", reason: "Closed for snow" };
    expect((await ownerCall("POST", "/api/settings/closures", closure, tuesday)).status).toBe(200);

    const aMinuteLater = new Date(tuesday.getTime() + 60_000);
    const body = { ...validServiceRequest(), email: uniqueEmail(), preferredDate: "2026-12-08" };
    const api = await postJson("/api/service-request", body, { at: aMinuteLater });
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({
      fieldErrors: { preferredDate: ["We're closed on December 8 (Closed for snow). Please choose another day."] },
    });
    const form = await postForm("/?index", body, { at: aMinuteLater });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain(
      "We&#x27;re closed on December 8 (Closed for snow). Please choose another day.",
    );
    // The JSON-LD tells search engines too.
    expect(jsonLdOf(await page("/", aMinuteLater)).specialOpeningHoursSpecification).toContainEqual(
      expect.objectContaining({ name: "Closed for snow", validFrom: "2026-12-08", opens: "00:00", closes: "00:00" }),
    );
  });

  it("hands the browser the schedule, so the form refuses the day before it is sent", async () => {
    const html = await page("/", new Date("2026-12-01T16:00:00Z"));
    expect(html).toContain("Closed for snow");
    expect(html).toMatch(/2026-12-08[^<]*Closed for snow/);
  });
});

describe("the notice", () => {
  it("shows on top of every public page while it runs, and not before or after", async () => {
    const notice = {
      text: "Closed today for snow. For towing, call Reliable Towing.",
      startsAt: "2026-12-02T12:00:00Z",
      endsAt: "2026-12-02T22:00:00Z",
    };
    expect((await ownerCall("PUT", "/api/settings/notice", notice, new Date("2026-12-02T11:00:00Z"))).status).toBe(200);
    const during = await page("/services", new Date("2026-12-02T15:00:00Z"));
    expect(during.indexOf(notice.text)).toBeGreaterThan(-1);
    expect(during.indexOf(notice.text)).toBeLessThan(during.indexOf("<header"));
    expect(await page("/services", new Date("2026-12-02T11:59:00Z"))).not.toContain(notice.text);
    expect(await page("/services", new Date("2026-12-02T22:00:00Z"))).not.toContain(notice.text);
  });

  it("starts on a page the cache already holds, at its start time", async () => {
    const worker = workerAt(new Date("2026-12-03T14:59:30Z"));
    const notice = { text: "Open late tonight.", startsAt: "2026-12-03T15:00:00Z", endsAt: "2026-12-03T20:00:00Z" };
    await ownerCall("PUT", "/api/settings/notice", notice, new Date("2026-12-03T14:59:00Z"));
    const before = await worker.fetch("/about");
    expect(before.headers.get("Cache-Status")).toMatch(/; stored$/);
    expect(await before.text()).not.toContain(notice.text);
    worker.setTime(new Date("2026-12-03T15:00:00Z"));
    const after = await worker.fetch("/about");
    expect(after.headers.get("Cache-Status")).toContain("fwd=uri-miss");
    expect(await after.text()).toContain(notice.text);
  });
});

describe("the page cache after a change", () => {
  it("serves the new hours within 60 seconds", async () => {
    const start = new Date("2026-12-07T15:00:00Z"); // Monday 10:00 AM
    const worker = workerAt(start);
    const footerHours = async () => {
      const response = await worker.fetch("/services");
      const html = (await response.text()).replaceAll("<!-- -->", "");
      const footer = html.slice(html.indexOf("<footer"));
      return { cache: response.headers.get("Cache-Status") ?? "", saturday: footer.includes("9:00 AM - 1:00 PM") };
    };
    expect(await footerHours()).toMatchObject({ saturday: false });

    const week = ["monday", "tuesday", "wednesday", "thursday", "friday"].map((day) => ({
      day,
      opens: "08:00",
      closes: "17:00",
    }));
    const saturdays = [...week, { day: "saturday", opens: "09:00", closes: "13:00" }, { day: "sunday", closed: true }];
    const saved = await ownerCall(
      "PUT",
      "/api/settings/weekly-hours",
      { weekly: saturdays },
      new Date(start.getTime() + 5_000),
    );
    expect(saved.status).toBe(200);

    worker.setTime(new Date(start.getTime() + 30_000));
    expect(await footerHours()).toEqual({ cache: expect.stringContaining("; hit"), saturday: false });
    worker.setTime(new Date(start.getTime() + 60_000));
    expect(await footerHours()).toEqual({ cache: expect.stringContaining("fwd=uri-miss"), saturday: true });

    const json = await (await fetchWorker("/api/shop-hours", {}, { at: new Date(start.getTime() + 60_000) })).json();
    expect(json).toMatchObject({
      weekly: expect.arrayContaining([{ day: "saturday", opens: "09:00", closes: "13:00" }]),
    });
    await ownerCall(
      "PUT",
      "/api/settings/weekly-hours",
      { weekly: [...week, { day: "saturday", closed: true }, { day: "sunday", closed: true }] },
      start,
    );
  });
});

describe("GET /api/shop-hours", () => {
  it("answers anyone with the hours of the next 60 days, cacheable for a minute", async () => {
    const response = await fetchWorker("/api/shop-hours", {}, { at: new Date("2026-11-30T15:00:00Z") });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    const body = await response.json();
    expect(body).toMatchObject({
      timeZone: "America/New_York",
      openNow: true,
      nextChange: "2026-11-30T22:00:00.000Z",
      closures: expect.arrayContaining([
        { date: "2026-12-24", reason: "Christmas Eve" },
        { date: "2026-12-25", reason: "Christmas Day" },
        { date: "2027-01-01", reason: "New Year's Day" },
      ]),
    });
    expect((body as { weekly: unknown[] }).weekly[0]).toEqual({ day: "monday", opens: "08:00", closes: "17:00" });
  });
});

describe("the settings page without JavaScript", () => {
  const post = (fields: Record<string, string>, cookie = owner) =>
    postForm("/incoming/settings", fields, { headers: { Cookie: cookie }, at: new Date("2026-11-30T15:00:00Z") });

  it("adds a closure with a plain post and redirects back with a toast", async () => {
    const response = await post({ intent: "closure.add", date: "2026-12-21", reason: "Family event" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/incoming/settings#closures");
    expect(response.headers.get("Set-Cookie")).toContain("__Host-toast");
    const html = await (
      await fetchWorker("/incoming/settings", { headers: { Cookie: owner } }, { at: new Date("2026-11-30T15:00:00Z") })
    ).text();
    expect(html).toContain("Family event");
    expect(html).toContain('aria-label="Remove the closure on Monday, December 21, 2026"');
  });

  it("answers a bad form with 400, the message and what the owner typed", async () => {
    const response = await post({ intent: "closure.add", date: "2026-11-01", reason: "Forgotten day" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("That date has passed. Please choose today or a later day.");
    expect(html).toContain('value="Forgotten day"');
  });

  it("shows staff members the 403 page and changes nothing", async () => {
    expect((await fetchWorker("/incoming/settings", { headers: { Cookie: staff } })).status).toBe(403);
    const response = await post({ intent: "closure.add", date: "2026-12-22", reason: "Not allowed" }, staff);
    expect(response.status).toBe(403);
    const json = await (await fetchWorker("/api/shop-hours", {}, { at: new Date("2026-11-30T15:00:00Z") })).json();
    expect(JSON.stringify(json)).not.toContain("Not allowed");
  });
});

describe("the morning digest", () => {
  it("skips a day the owner closed and goes out on the next day the shop opens", async () => {
    const closure = { date: "2026-12-09", reason: "Closed for snow" };
    expect((await ownerCall("POST", "/api/settings/closures", closure, new Date("2026-12-01T15:00:00Z"))).status).toBe(
      200,
    );
    const queue = recordingQueue();
    await runCron("0 12,13 * * *", new Date("2026-12-09T13:00:00Z"), { NOTIFY_QUEUE: queue }); // 8:00 AM
    expect(queue.bodies).toEqual([]);
    await runCron("0 12,13 * * *", new Date("2026-12-10T13:00:00Z"), { NOTIFY_QUEUE: queue });
    expect(queue.bodies).toEqual([expect.objectContaining({ type: "digest", shopDate: "2026-12-10" })]);
  });
});
