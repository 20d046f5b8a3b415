import { describe, expect, it } from "vitest";
import { fetchWorker, workerAt } from "../support/http";

// The open-now line and the closure days as the server renders them into the HTML, with the
// Worker's clock pinned. test/settings/shop-hours.test.ts checks the line itself at every boundary.

async function pageAt(path: string, iso: string) {
  const response = await fetchWorker(path, {}, { at: new Date(iso) });
  return { html: await response.text() };
}

/** The header's strip, up to the logo link: where the open-now line is. */
const headerStrip = (html: string) => {
  const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
  return header.slice(0, header.indexOf("<a"));
};

describe("the open-now line in every page's header", () => {
  it.each([
    ["/about", "2026-11-20T21:59:00Z", "Open now · until 5:00 PM"],
    ["/services", "2026-11-20T22:00:00Z", "Closed · opens Monday at 8:00 AM"],
    ["/", "2026-11-21T17:00:00Z", "Closed · opens Monday at 8:00 AM"],
    ["/contact", "2026-11-23T12:59:00Z", "Closed · opens today at 8:00 AM"],
    ["/services/oil-change", "2026-11-23T13:00:00Z", "Open now · until 5:00 PM"],
    ["/areas/towson-auto-repair", "2026-11-26T15:00:00Z", "Closed for Thanksgiving Day · opens tomorrow at 8:00 AM"],
    ["/about", "2027-03-15T11:59:00Z", "Closed · opens today at 8:00 AM"], // Monday after the spring change
  ])("%s at %s reads %s", async (path, iso, line) => {
    const { html } = await pageAt(path, iso);
    expect(headerStrip(html)).toContain(line);
  });

  it("is on the 404 page too", async () => {
    const response = await fetchWorker("/no-such-page", {}, { at: new Date("2026-11-20T21:59:00Z") });
    expect(response.status).toBe(404);
    expect(headerStrip(await response.text())).toContain("Open now · until 5:00 PM");
  });

  it("is never served from the page cache once it has changed", async () => {
    const worker = workerAt(new Date("2026-12-04T21:59:00Z")); // Friday 4:59 PM
    const page = async (iso: string) => {
      worker.setTime(new Date(iso));
      const response = await worker.fetch("/about");
      return { html: await response.text(), cacheStatus: response.headers.get("Cache-Status") ?? "" };
    };
    const beforeClosing = await page("2026-12-04T21:59:00Z");
    expect(beforeClosing.cacheStatus).toContain("stored");
    expect(headerStrip(beforeClosing.html)).toContain("Open now");
    // Kept until 5:00 PM, and served as it is until then.
    const secondBefore = await page("2026-12-04T21:59:59Z");
    expect(secondBefore.cacheStatus).toMatch(/; hit; ttl=1$/);
    expect(headerStrip(secondBefore.html)).toContain("Open now");
    const atClosing = await page("2026-12-04T22:00:00Z"); // 5:00 PM
    expect(atClosing.cacheStatus).toContain("fwd=uri-miss");
    expect(headerStrip(atClosing.html)).toContain("Closed · opens Monday at 8:00 AM");
  });

  it("keeps a page rendered at 4:59:30 PM for 30 seconds only, and one at 4:59:59.5 not at all", async () => {
    const worker = workerAt(new Date("2026-12-04T21:59:30Z"));
    expect((await worker.fetch("/services")).headers.get("Cache-Status")).toContain("stored");
    worker.setTime(new Date("2026-12-04T21:59:59Z"));
    expect((await worker.fetch("/services")).headers.get("Cache-Status")).toMatch(/; hit; ttl=1$/);
    const late = workerAt(new Date("2026-12-04T21:59:59.500Z"));
    expect((await late.fetch("/services")).headers.get("Cache-Status")).not.toContain("stored");
  });
});

const closedAllDay = (date: string) => ({ opens: "00:00", closes: "00:00", validFrom: date, validThrough: date });

describe("the contact page's hours", () => {
  const mondayMorning = "2026-11-23T15:00:00Z";

  it("shows the open-now line in its hours card as well", async () => {
    const { html } = await pageAt("/contact", mondayMorning);
    const hoursCard = html.slice(html.indexOf(">Hours</h3>"), html.indexOf(">Online Form</h3>"));
    expect(hoursCard).toContain("Open now · until 5:00 PM");
    expect(hoursCard.replaceAll("<!-- -->", "")).toContain("Mon-Fri:</span> 8:00 AM - 5:00 PM");
  });

  it("lists the closure days of the next 60 days, and the JSON-LD marks them closed", async () => {
    const { html } = await pageAt("/contact", mondayMorning);
    const closures = html.slice(html.indexOf('id="closures-heading"'), html.indexOf('id="location-heading"'));
    const listed = [...closures.matchAll(/<time dateTime="([^"]+)"/g)].map(([, date]) => date);
    expect(listed).toEqual(["2026-11-26", "2026-12-24", "2026-12-25", "2027-01-01"]);
    expect(closures).toContain("Thanksgiving Day");

    const jsonLd = /<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/.exec(html)?.[1] ?? "{}";
    const business: { specialOpeningHoursSpecification?: Record<string, string>[] } = JSON.parse(jsonLd);
    expect(business.specialOpeningHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", name: "Thanksgiving Day", ...closedAllDay("2026-11-26") },
      { "@type": "OpeningHoursSpecification", name: "Christmas Eve", ...closedAllDay("2026-12-24") },
      { "@type": "OpeningHoursSpecification", name: "Christmas Day", ...closedAllDay("2026-12-25") },
      { "@type": "OpeningHoursSpecification", name: "New Year's Day", ...closedAllDay("2027-01-01") },
    ]);
  });

  it("lists no closures when none fall within 60 days", async () => {
    const { html } = await pageAt("/contact", "2027-02-01T15:00:00Z");
    expect(html).not.toContain("Holiday Closures");
    expect(html).not.toContain("specialOpeningHoursSpecification");
  });
});
