import { beforeAll, describe, expect, it } from "vitest";
import { workerAt } from "../support/http";
import { at, call, setUpAppointments } from "./support";

// Issue 40: the site links to /book (the header, the home and contact pages) only while the owner
// has online booking on; off as shipped. Cached pages follow a change within the page cache's
// minute (decision 034), as the hours do.

const rules = { enabled: true, onlineShare: 50, minNoticeHours: 12, horizonDays: 30, mode: "confirm" };
const linksToBook = (html: string) => (html.match(/href="\/book"/g) ?? []).length;

beforeAll(async () => {
  await setUpAppointments();
}, 60_000);

describe("the links to /book", () => {
  it("are on no page while online booking is off, and on the header, home and contact once it is on", async () => {
    const worker = workerAt(at);
    expect((await call("PUT", "/api/settings/online-booking", { ...rules, enabled: false })).status).toBe(200);
    for (const path of ["/", "/contact", "/services"]) {
      expect(linksToBook(await (await worker.fetch(path)).text()), path).toBe(0);
    }
    expect((await call("PUT", "/api/settings/online-booking", rules)).status).toBe(200);
    // The home page was cached a moment ago: it may show the old page for the cache's minute, no longer.
    worker.setTime(new Date(at.getTime() + 61_000));
    // The header's two menus (wide and narrow) and the page's own line.
    expect(linksToBook(await (await worker.fetch("/")).text())).toBe(3);
    expect(linksToBook(await (await worker.fetch("/contact")).text())).toBe(3);
    expect(linksToBook(await (await worker.fetch("/services")).text())).toBe(2);
    // Off again: gone within the minute.
    expect((await call("PUT", "/api/settings/online-booking", { ...rules, enabled: false })).status).toBe(200);
    worker.setTime(new Date(at.getTime() + 122_000));
    expect(linksToBook(await (await worker.fetch("/")).text())).toBe(0);
  });
});
