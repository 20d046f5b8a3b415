import { describe, expect, it } from "vitest";
import type { CatalogService } from "~/features/catalog/catalog";
import { fetchWorker, refusedPage } from "../support/http";
import { ownerAndStaff, postStaffForm, staffApi } from "../support/staff";
import { serviceNow } from "./support";

// The owners' page /incoming/settings/services (issue 38 item 4) as a browser without JavaScript
// uses it: plain form posts, the same schema as the API, versions and what changed between two.

const sessions = ownerAndStaff("catalog-page");

const PAGE = "/incoming/settings/services";
const get = (slug: string) => serviceNow(sessions.owner, slug);

/** The form as the page fills it for a service, as a browser would post it back. */
function formOf(service: CatalogService): Record<string, string> {
  const fields: Record<string, string> = {
    intent: "save",
    slug: service.slug,
    name: service.name,
    shortName: service.shortName,
    description: service.description,
    longDescription: service.longDescription,
    features: service.features.join("\r\n"),
    benefits: service.benefits.join("\r\n"),
    "price.fromCents": service.price ? (service.price.fromCents / 100).toFixed(2) : "",
    "price.note": service.price?.note ?? "",
    timeEstimate: service.timeEstimate,
    position: String(service.position),
    "process[5].title": "",
    "process[5].description": "",
  };
  service.process.forEach((step, index) => {
    fields[`process[${index}].title`] = step.title;
    fields[`process[${index}].description`] = step.description;
  });
  for (const flag of ["bookableOnline", "waiterOk", "popular", "visible"] as const)
    if (service[flag]) fields[flag] = "on";
  return fields;
}

describe("/incoming/settings/services", () => {
  it("lists every service for owners, with a link to each and to add one, and is linked from Settings", async () => {
    const response = await staffApi(sessions.owner, PAGE);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`href="${PAGE}/oil-change"`);
    expect(html).toContain("$39.95 with conventional oil");
    expect(html).toContain(`href="${PAGE}/new"`);
    expect(await (await staffApi(sessions.owner, "/incoming/settings")).text()).toContain(`href="${PAGE}"`);
    expect((await staffApi(sessions.staff, PAGE)).status).toBe(403);
    expect((await staffApi(sessions.staff, `${PAGE}/oil-change`)).status).toBe(403);
  });

  it("changes a price with a plain form post: a new version, on the public page, and what changed", async () => {
    const oil = await get("oil-change");
    const response = await postStaffForm(sessions.owner, `${PAGE}/oil-change`, {
      ...formOf(oil),
      "price.fromCents": "$42.50",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}/oil-change`);
    expect(await get("oil-change")).toEqual({ ...oil, price: { ...oil.price!, fromCents: 4250 }, version: 2 });
    const publicPage = await fetchWorker("/services/oil-change", { headers: { Cookie: "fresh=1" } });
    expect(await publicPage.text()).toContain("$42.50");

    const page = await (await staffApi(sessions.owner, `${PAGE}/oil-change`)).text();
    expect(page).toContain("What changed from version 1 to version 2");
    expect(page).toMatch(
      /Starting price<\/th><td[^>]*>\$39\.95, with conventional oil[^<]*<\/td><td[^>]*>\$42\.50, with/,
    );
    expect(page).toContain("Put version 1 back");
  });

  it("refuses bad input with 400, keeping what the owner typed and changing nothing", async () => {
    const oil = await get("oil-change");
    const response = await postStaffForm(sessions.owner, `${PAGE}/oil-change`, {
      ...formOf(oil),
      name: "",
      "price.fromCents": "-5",
      features: Array.from({ length: 31 }, (_, i) => `Feature ${i}`).join("\n"),
      shortName: "Oil <i>now</i>",
    });
    await refusedPage(response, [
      "The name is missing.",
      "The starting price cannot be negative.",
      "The features can hold at most 30 entries.",
      "Oil &lt;i&gt;now&lt;/i&gt;",
    ]);
    expect(await get("oil-change")).toEqual(oil);
  });

  it("puts an earlier version back from its button", async () => {
    const before = await get("battery-electrical");
    await postStaffForm(sessions.owner, `${PAGE}/battery-electrical`, { ...formOf(before), timeEstimate: "1-3 hours" });
    expect((await get("battery-electrical")).timeEstimate).toBe("1-3 hours");
    const response = await postStaffForm(sessions.owner, `${PAGE}/battery-electrical`, {
      intent: "restore",
      version: "1",
    });
    expect(response.status).toBe(302);
    expect(await get("battery-electrical")).toEqual({ ...before, version: 3 });
  });

  it("adds a service from /new; a taken address is refused with 409 and the form kept", async () => {
    const blank = { ...formOf(await get("oil-change")), slug: "oil-change", name: "Another oil change" };
    const taken = await postStaffForm(sessions.owner, `${PAGE}/new`, blank);
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("is taken");
    const added = await postStaffForm(sessions.owner, `${PAGE}/new`, {
      ...blank,
      slug: "fleet-oil-change",
      position: "9",
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(`${PAGE}/fleet-oil-change`);
    expect(await get("fleet-oil-change")).toMatchObject({ name: "Another oil change", version: 1, position: 9 });
  });
});
