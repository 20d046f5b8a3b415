import { describe, expect, it } from "vitest";
import { shippedServices } from "~/content/services";
import type { CatalogService, CatalogVersion } from "~/features/catalog/catalog";
import { rowsOf } from "../support/d1";
import { expectEachAnswered, fetchWorker, ORIGIN } from "../support/http";
import { ownerAndStaff, signInAgain, staffApi } from "../support/staff";
import { newService, serviceNow } from "./support";

// The owners' API of the catalog (issue 38): GET /api/settings/services, PUT and POST, versions and
// restore, and every refusal (docs/inbox.md#the-services).

const HOURS = 60 * 60_000;
const sessions = ownerAndStaff("catalog");

const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { Origin: ORIGIN } });
const get = (slug: string) => serviceNow(sessions.owner, slug);
const put = (slug: string, body: unknown, cookie = sessions.owner) =>
  staffApi(cookie, `/api/settings/services/${slug}`, { method: "PUT", ...json(body) });
const post = (body: unknown, cookie = sessions.owner) =>
  staffApi(cookie, "/api/settings/services", { method: "POST", ...json(body) });

describe("GET /api/settings/services", () => {
  it("lists every service as shipped, visible, bookable online, and waitable only under two hours", async () => {
    const response = await staffApi(sessions.owner, "/api/settings/services");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const services = await response.json<CatalogService[]>();
    expect(services).toEqual(
      shippedServices.map((service, index) => ({
        slug: service.slug,
        name: service.name,
        shortName: service.shortName,
        description: service.description,
        longDescription: service.longDescription,
        features: service.features,
        benefits: service.benefits,
        process: service.process,
        price: service.price,
        timeEstimate: service.timeEstimate,
        bookableOnline: true,
        waiterOk: service.slug === "oil-change",
        popular: service.popular,
        visible: true,
        position: index + 1,
        photos: [],
        version: 1,
      })),
    );
    expect(services.find((service) => service.slug === "brake-repair")?.price).toEqual({
      fromCents: 14995,
      note: "per axle, including pads and labor",
    });
  });

  it("is for owners: 401 without a session, 403 for staff, also for every write", async () => {
    expect((await fetchWorker("/api/settings/services")).status).toBe(401);
    expect((await staffApi(sessions.staff, "/api/settings/services")).status).toBe(403);
    const oil = await get("oil-change");
    expect((await put("oil-change", oil, sessions.staff)).status).toBe(403);
    expect((await post(newService({ slug: "staff-made" }), sessions.staff)).status).toBe(403);
    const restore = await staffApi(sessions.staff, "/api/settings/services/oil-change/versions/1/restore", {
      method: "POST",
      ...json({}),
    });
    expect(restore.status).toBe(403);
    expect((await staffApi(sessions.staff, "/api/settings/services/oil-change/versions")).status).toBe(403);
    expect((await fetchWorker("/api/settings/services/oil-change", { method: "PUT", ...json(oil) })).status).toBe(401);
    expect(await get("oil-change")).toEqual(oil);
  });

  it("asks for a recent check before a write from a session over 2 hours old", async () => {
    const at = new Date();
    const stale = await signInAgain("catalog-owner", { at });
    const oil = await get("oil-change");
    const later = new Date(at.getTime() + 2 * HOURS + 60_000);
    const response = await fetchWorker(
      "/api/settings/services/oil-change",
      {
        method: "PUT",
        headers: { Cookie: stale, Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ ...oil, name: "Stale" }),
      },
      { at: later },
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ step: "password" });
    expect((await get("oil-change")).name).toBe(oil.name);
  });
});

describe("PUT /api/settings/services/<slug>", () => {
  it("saves the whole service as a new version, audited in the same batch", async () => {
    const before = await get("battery-electrical");
    const response = await put("battery-electrical", {
      ...before,
      price: { fromCents: 9495, note: "including testing" },
    });
    expect(response.status).toBe(200);
    const saved = await response.json<CatalogService>();
    expect(saved).toEqual({
      ...before,
      price: { fromCents: 9495, note: "including testing" },
      version: before.version + 1,
    });
    expect(await get("battery-electrical")).toEqual(saved);
    const [entry] = await rowsOf<{ action: string; target: string; actor_name: string; detail: string }>(
      "select action, target, actor_name, detail from audit_log where target = 'services/battery-electrical' order by id desc limit 1",
    );
    expect(entry).toMatchObject({ action: "settings.service.edit", actor_name: "catalog-owner" });
    expect(JSON.parse(entry!.detail)).toMatchObject({ changed: "price" });
  });

  const refusals: [string, (service: CatalogService) => unknown, string][] = [
    ["a negative price", (s) => ({ ...s, price: { fromCents: -100, note: "x" } }), "price"],
    ["an absurd price", (s) => ({ ...s, price: { fromCents: 10_000_001, note: "x" } }), "price"],
    ["a price in dollars", (s) => ({ ...s, price: { fromCents: 39.95, note: "x" } }), "price"],
    ["an empty name", (s) => ({ ...s, name: "   " }), "name"],
    ["an over-long name", (s) => ({ ...s, name: "N".repeat(81) }), "name"],
    ["an over-long description", (s) => ({ ...s, longDescription: "x".repeat(3001) }), "longDescription"],
    ["31 features", (s) => ({ ...s, features: Array.from({ length: 31 }, (_, i) => `Feature ${i}`) }), "features"],
    ["an empty step", (s) => ({ ...s, process: [{ title: "", description: "x" }] }), "process"],
    ["a control character", (s) => ({ ...s, shortName: "Oil\u0007" }), "shortName"],
    ["a missing flag", (s) => ({ ...s, visible: undefined }), "visible"],
    ["another address", (s) => ({ ...s, slug: "oil-change-2" }), "slug"],
  ];
  for (const [what, change, field] of refusals) {
    it(`refuses ${what} with 400 naming ${field}, and changes nothing`, async () => {
      const before = await get("oil-change");
      const response = await put("oil-change", change(before));
      expect(response.status).toBe(400);
      const body = await response.json<{ message: string; fieldErrors: Record<string, string[]> }>();
      expect(Object.keys(body.fieldErrors)).toContain(field);
      expect(await get("oil-change")).toEqual(before);
    });
  }

  it("answers 404 for a service that does not exist", async () => {
    const response = await put("no-such-service", { ...(await get("oil-change")), slug: "no-such-service" });
    expect(response.status).toBe(404);
  });
});

describe("POST /api/settings/services", () => {
  it("adds a service → 201, version 1, audited", async () => {
    const response = await post(newService({ slug: "tire-rotation" }));
    expect(response.status).toBe(201);
    const { photos: _photos, ...sent } = newService({ slug: "tire-rotation" });
    expect(await response.json()).toEqual({ ...sent, photos: [], version: 1 });
    const entries = await rowsOf("select action from audit_log where target = 'services/tire-rotation'");
    expect(entries).toEqual([{ action: "settings.service.add" }]);
  });

  it("answers 409 for an address that is taken, by a service or by another request choice", async () => {
    await expectEachAnswered(
      ["oil-change", "tire-service", "other"],
      (slug) => post(newService({ slug })),
      { status: 409 },
      async (response) =>
        expect(await response.json()).toMatchObject({ fieldErrors: { slug: [expect.stringContaining("taken")] } }),
    );
  });

  it("refuses an address out of shape or one of the site's own paths with 400", async () => {
    const refused = [
      "Tire-Rotation",
      "tire rotation",
      "-tire",
      "tire--rotation",
      "",
      "x".repeat(61),
      "services",
      "incoming",
      "api",
      "about",
    ];
    await expectEachAnswered(refused, (slug) => post(newService({ slug })), { status: 400 });
    const slugs = await rowsOf<{ slug: string }>("select slug from catalog_services");
    expect(slugs.map((row) => row.slug)).not.toContain("services");
  });
});

describe("versions and restore", () => {
  it("lists every save newest first and puts an earlier one back as a new version", async () => {
    const first = await get("transmission-service");
    await put("transmission-service", { ...first, timeEstimate: "3-9 hours" });
    await put("transmission-service", { ...first, timeEstimate: "4-10 hours" });
    const list = await (
      await staffApi(sessions.owner, "/api/settings/services/transmission-service/versions")
    ).json<CatalogVersion[]>();
    expect(list.map((entry) => entry.version)).toEqual([3, 2, 1]);
    expect(list[0]).toMatchObject({ by: "catalog-owner" });
    expect(list[2]).toMatchObject({ version: 1, by: null });

    const restored = await staffApi(sessions.owner, "/api/settings/services/transmission-service/versions/1/restore", {
      method: "POST",
      ...json({}),
    });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toEqual({ ...first, version: 4 });
    const after = await (
      await staffApi(sessions.owner, "/api/settings/services/transmission-service/versions")
    ).json<CatalogVersion[]>();
    expect(after.map((entry) => entry.version)).toEqual([4, 3, 2, 1]);
    const [entry] = await rowsOf<{ action: string; detail: string }>(
      "select action, detail from audit_log where target = 'services/transmission-service' order by id desc limit 1",
    );
    expect(entry?.action).toBe("settings.service.restore");
    expect(JSON.parse(entry!.detail)).toMatchObject({ restored: 1 });
  });

  it("answers 404 for a version or a service that does not exist", async () => {
    const missing = await staffApi(sessions.owner, "/api/settings/services/oil-change/versions/99/restore", {
      method: "POST",
      ...json({}),
    });
    expect(missing.status).toBe(404);
    expect((await staffApi(sessions.owner, "/api/settings/services/nothing-here/versions")).status).toBe(404);
  });
});
