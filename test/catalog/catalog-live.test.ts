import { describe, expect, it } from "vitest";
import type { CatalogService } from "~/features/catalog/catalog";
import { fetchWorker, ORIGIN, postJson, unreachableD1, workerAt } from "../support/http";
import { insertInboxRecords, validServiceRequest } from "../support/inbox";
import { ownerAndStaff, staffApi } from "../support/staff";
import { changeService, newService } from "./support";

// What visitors see of the owners' catalog (issue 38): a change on every page that shows the service
// within the page cache's minute, a hidden service gone from every list with its page 404, a new one
// on the request form, markup shown as text (docs/decisions/059-the-catalog-in-d1.md).

const sessions = ownerAndStaff("catalog-live");

const change = (slug: string, edit: (service: CatalogService) => Partial<CatalogService>) =>
  changeService(sessions.owner, slug, edit);

/** The request form's choices on the home page, as value = words. */
const choicesOn = (html: string) =>
  [...html.matchAll(/<option value="([^"]+)"[^>]*>([^<]*)<\/option>/g)].map(([, value, label]) => `${value}=${label}`);

// A Tuesday at 10:00 in Pikesville: the open-now line does not change for hours.
const t0 = new Date("2026-12-01T15:00:00Z");
const after = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe("a price change", () => {
  it("shows on the service page, the list and the JSON-LD within 60 seconds, while the cache serves the old one until then", async () => {
    const isolate = workerAt(t0);
    const before = await (await isolate.fetch("/services/oil-change")).text();
    expect(before).toContain("$39.95");
    await isolate.fetch("/services");

    await change("oil-change", (service) => ({ price: { fromCents: 4495, note: service.price!.note } }));

    isolate.setTime(after(30));
    const cached = await isolate.fetch("/services/oil-change");
    expect(cached.headers.get("Cache-Status")).toMatch(/; hit/);
    expect(await cached.text()).toContain("$39.95");

    isolate.setTime(after(60));
    const page = await (await isolate.fetch("/services/oil-change")).text();
    expect(page).toContain("$44.95");
    expect(page).not.toContain("$39.95");
    expect(page).toContain('"price":"44.95"');
    expect(page).toContain(
      '"description":"Starting at $44.95, with conventional oil; call us for synthetic oil pricing"',
    );
    const list = await (await isolate.fetch("/services")).text();
    expect(list).toContain("$44.95");
    expect(list).toContain("Oil changes from $44.95");
    const home = await (await isolate.fetch("/")).text();
    expect(home).toContain("$44.95");
  });

  it("renames the request form's choice with the service", async () => {
    await change("diagnostic-services", () => ({ name: "Full Diagnostics" }));
    const home = await (await fetchWorker("/", { headers: { Cookie: "fresh=1" } })).text();
    expect(choicesOn(home)).toContain("diagnostics=Full Diagnostics");
  });
});

describe("a hidden service", () => {
  it("has no page, leaves every list, the sitemap and the request form, which refuses it; its requests keep its name", async () => {
    const [requestId] = await insertInboxRecords("serviceRequest", [{ service: "brake-service" }]);
    await change("brake-repair", () => ({ visible: false }));
    const fresh = { headers: { Cookie: "fresh=1" } };

    expect((await fetchWorker("/services/brake-repair", fresh)).status).toBe(404);
    for (const path of ["/", "/services", "/services/oil-change", "/areas/towson-auto-repair", "/about"]) {
      const html = await (await fetchWorker(path, fresh)).text();
      expect(html, path).not.toContain("/services/brake-repair");
      expect(html, path).not.toContain("Brake Repair &amp; Service");
    }
    const sitemap = await (await fetchWorker("/sitemap.xml")).text();
    expect(sitemap).not.toContain("brake-repair");
    expect(sitemap).toContain("/services/oil-change");
    const home = await (await fetchWorker("/", fresh)).text();
    expect(choicesOn(home)).not.toContain("brake-service=Brake Repair & Service");
    expect(choicesOn(home)).toContain("tire-service=Tire Services");

    const refused = await postJson("/api/service-request", { ...validServiceRequest(), service: "brake-service" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ fieldErrors: { service: ["Please choose the service you need."] } });

    const record = await staffApi(sessions.owner, `/incoming/service-requests/${requestId}`);
    expect(await record.text()).toContain("Brake Repair &amp; Service");

    await change("brake-repair", () => ({ visible: true }));
    expect((await fetchWorker("/services/brake-repair", fresh)).status).toBe(200);
  });
});

describe("a new service", () => {
  it("gets its page, a place in the lists and the request form, which takes it", async () => {
    const response = await staffApi(sessions.owner, "/api/settings/services", {
      method: "POST",
      headers: { Origin: ORIGIN },
      body: JSON.stringify(
        newService({
          slug: "wheel-alignment",
          name: "Wheel <b>Alignment</b>",
          shortName: "Alignment",
          description: "Straight tracking & <script>alert(1)</script> even wear.",
          longDescription: "Four-wheel alignment.",
          features: ["Computer alignment"],
          benefits: ["Even tire wear"],
          process: [{ title: "Measure", description: "We measure every angle." }],
          price: { fromCents: 8995, note: "four-wheel" },
          timeEstimate: "1 hour",
          position: 3,
        }),
      ),
    });
    expect(response.status).toBe(201);
    const fresh = { headers: { Cookie: "fresh=1" } };
    const page = await fetchWorker("/services/wheel-alignment", fresh);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Wheel &lt;b&gt;Alignment&lt;/b&gt;");
    expect(html).not.toContain("<b>Alignment</b>");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("$89.95");

    const list = await (await fetchWorker("/services", fresh)).text();
    // Position 3, as engine diagnostics has: after it (by address), before battery service (4).
    expect(list.indexOf("/services/wheel-alignment")).toBeGreaterThan(list.indexOf("/services/engine-diagnostics"));
    expect(list.indexOf("/services/wheel-alignment")).toBeLessThan(list.indexOf("/services/battery-electrical"));
    expect(await (await fetchWorker("/sitemap.xml")).text()).toContain("/services/wheel-alignment");
    const home = await (await fetchWorker("/", fresh)).text();
    expect(choicesOn(home)).toContain("wheel-alignment=Wheel &lt;b&gt;Alignment&lt;/b&gt;");

    const accepted = await postJson("/api/service-request", { ...validServiceRequest(), service: "wheel-alignment" });
    expect(accepted.status).toBe(201);
  });
});

describe("when D1 cannot be read", () => {
  it("shows the services as shipped rather than an error, and keeps no such page", async () => {
    const response = await fetchWorker("/services", {}, { bindings: { DB: unreachableD1() } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Status")).not.toMatch(/stored/);
    const html = await response.text();
    expect(html).toContain("Oil Change Service");
    expect(html).toContain("$39.95");
  });
});
