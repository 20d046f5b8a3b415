import { describe, expect, it } from "vitest";
import { shippedServices as services } from "~/content/services";
import { fetchWorker, postForm, postJson } from "../support/http";
import { storedRows, uniqueEmail, validServiceRequest, vehicleAndVisit } from "../support/inbox";
import { apiLogin, createStaffUser, sessionCookie } from "../support/staff";

// The service request's optional vehicle and visit fields. The Worker's clock is pinned: which
// dates and model years are taken depends on the day.

const mondayMorning = new Date("2026-11-23T15:00:00Z"); // Monday 10:00 AM in Pikesville
const at = mondayMorning;

type Answer = { message?: string; fieldErrors?: Record<string, string[]>; [field: string]: unknown };

describe("POST /api/service-request with the vehicle and the visit", () => {
  it("takes the six required fields alone and answers exactly as before, storing no details", async () => {
    const email = uniqueEmail();
    const response = await postJson("/api/service-request", { ...validServiceRequest(), email }, { at });
    expect(response.status).toBe(201);
    const record = await response.json<Answer>();
    expect(Object.keys(record).sort()).toEqual(
      ["firstName", "lastName", "email", "phone", "service", "message", "id", "submittedAt"].sort(),
    );
    const [row] = await storedRows("service_requests", email);
    expect(row).toMatchObject({
      vehicle_year: null,
      vehicle_make: null,
      vehicle_model: null,
      mileage: null,
      preferred_date: null,
      preferred_time: null,
      visit_type: null,
    });
  });

  it("stores every detail given, trimmed, with numbers as numbers", async () => {
    const email = uniqueEmail();
    const body = { ...validServiceRequest(), email, ...vehicleAndVisit(), vehicleMake: "  Toyota " };
    const response = await postJson("/api/service-request", body, { at });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject(vehicleAndVisit());
    const [row] = await storedRows("service_requests", email);
    expect(row).toMatchObject({
      vehicle_year: 2019,
      vehicle_make: "Toyota",
      vehicle_model: "RAV4",
      mileage: 84_000,
      preferred_date: "2026-11-24",
      preferred_time: "morning",
      visit_type: "drop-off",
    });
  });

  it("takes numbers written as text, as a form sends them, and null or blank as not given", async () => {
    const email = uniqueEmail();
    const body = {
      ...validServiceRequest(),
      email,
      vehicleYear: "2019",
      mileage: "84,000",
      vehicleMake: null,
      vehicleModel: "   ",
      preferredDate: null,
    };
    expect((await postJson("/api/service-request", body, { at })).status).toBe(201);
    const [row] = await storedRows("service_requests", email);
    expect(row).toMatchObject({ vehicle_year: 2019, mileage: 84_000, vehicle_make: null, vehicle_model: null });
  });

  const refusals: [field: string, values: unknown[], message: RegExp][] = [
    ["vehicleYear", [1979, 2028, 2019.5, -2019, "20x9", "2O19", true, 1e308, [2019]], /model year from 1980 to 2027/],
    ["mileage", [-1, 1_000_000, 84_000.5, "lots", "1e5", "-5", {}, 1e308], /whole number from 0 to 999,999/],
    ["vehicleMake", [42, "x".repeat(41), ["Toyota"]], /make/],
    ["vehicleModel", [false, "x".repeat(41)], /model/],
    ["vehicleMake", ["Toy\u0000ota", "Toyota\nRAV4", "\ud800"], /make contains/],
    ["preferredDate", ["2026-02-30", "11/24/2026", 20261124], /YYYY-MM-DD/],
    ["preferredDate", ["2026-11-28", "2026-11-29"], /closed on weekends/],
    ["preferredDate", ["2026-11-26"], /closed on November 26 \(Thanksgiving Day\)/],
    ["preferredDate", ["2026-11-23", "2026-11-20"], /from November 24 on/],
    ["preferredDate", ["2027-01-25", "2099-01-01"], /within the next 60 days/],
    ["preferredTime", ["evening", 1, ""], /morning, afternoon or any time/],
    ["visitType", ["tow", true], /wait or drop the car off/],
  ];

  it.each(refusals)(
    "refuses a bad %s with 400, a clear message, and stores nothing",
    async (field, values, message) => {
      for (const value of values) {
        const email = uniqueEmail();
        const response = await postJson(
          "/api/service-request",
          { ...validServiceRequest(), email, [field]: value },
          { at },
        );
        const label = `${field}=${JSON.stringify(value).slice(0, 20)}`;
        expect(response.status, label).toBe(400);
        const { fieldErrors } = await response.json<Answer>();
        expect(Object.keys(fieldErrors ?? {}), label).toEqual([field]);
        expect(fieldErrors?.[field]?.[0], label).toMatch(message);
        expect(await storedRows("service_requests", email), label).toHaveLength(0);
      }
    },
  );

  it("takes a make of only invisible characters as not given, and drops bidirectional controls", async () => {
    const email = uniqueEmail();
    const body = { ...validServiceRequest(), email, vehicleMake: "\u200b \u200f", vehicleModel: "\u202eRAV4" };
    expect((await postJson("/api/service-request", body, { at })).status).toBe(201);
    const [row] = await storedRows("service_requests", email);
    expect(row).toMatchObject({ vehicle_make: null, vehicle_model: "RAV4" });
  });

  it("answers a resent request the same, and refuses other details under its id with 409", async () => {
    const email = uniqueEmail();
    const body = { ...validServiceRequest(), email, ...vehicleAndVisit(), submissionId: crypto.randomUUID() };
    const first = await postJson("/api/service-request", body, { at });
    expect(first.status).toBe(201);
    const again = await postJson("/api/service-request", body, { at });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    const changed = await postJson("/api/service-request", { ...body, preferredDate: "2026-11-25" }, { at });
    expect(changed.status).toBe(409);
    expect(await storedRows("service_requests", email)).toMatchObject([{ preferred_date: "2026-11-24" }]);
  });

  it("judges the preferred date by the day of the request", async () => {
    const body = () => ({ ...validServiceRequest(), email: uniqueEmail(), preferredDate: "2026-11-24" });
    expect((await postJson("/api/service-request", body(), { at: mondayMorning })).status).toBe(201);
    // Tuesday morning: the 24th is today, too soon for a request read within a working day.
    const tuesday = new Date("2026-11-24T14:00:00Z");
    const response = await postJson("/api/service-request", body(), { at: tuesday });
    expect(response.status).toBe(400);
    expect((await response.json<Answer>()).fieldErrors?.preferredDate?.[0]).toMatch(/from November 25 on/);
  });
});

/** The opening tag of the form control named `name`. */
function controlTag(html: string, name: string): string {
  const tag = new RegExp(`<(?:input|select|textarea)\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`No form control named ${name}`);
  return tag;
}

/** The <option>s of the select named `name`, as value and whether it is selected. */
function selectOptions(html: string, name: string): { value: string; selected: boolean }[] {
  const start = html.indexOf(controlTag(html, name));
  const select = html.slice(start, html.indexOf("</select>", start));
  return [...select.matchAll(/<option\b([^>]*)>/g)].map(([, attributes = ""]) => ({
    value: /value="([^"]*)"/.exec(attributes)?.[1] ?? "",
    selected: /\bselected\b/.test(attributes),
  }));
}

describe("the service request form on /", () => {
  it("groups the vehicle and the visit under legends, after the six required fields", async () => {
    const html = await (await fetchWorker("/", {}, { at })).text();
    const order = ["firstName", "lastName", "email", "phone", "service", "message", "vehicleYear", "vehicleMake"]
      .concat(["vehicleModel", "mileage", "preferredDate", "preferredTime", "visitType"])
      .map((name) => html.indexOf(controlTag(html, name)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toMatch(/<legend[^>]*>Your vehicle/);
    expect(html).toMatch(/<legend[^>]*>When would you like to come in\?/);
  });

  it("offers the model years from next year's down to 1980, and suggests common makes", async () => {
    const html = await (await fetchWorker("/", {}, { at })).text();
    const years = selectOptions(html, "vehicleYear").map((option) => option.value);
    expect(years[0]).toBe(""); // "Select a year": not given
    expect(years[1]).toBe("2027");
    expect(years.at(-1)).toBe("1980");
    expect(years).toHaveLength(1 + 2027 - 1980 + 1);
    const make = controlTag(html, "vehicleMake");
    const list = /list="([^"]+)"/.exec(make)?.[1];
    expect(html).toContain(`<datalist id="${list}"><option value="Acura">`);
    expect(controlTag(html, "mileage")).toContain('inputMode="numeric"');
  });

  it("lets the date picker offer the next open day to 60 days ahead", async () => {
    const html = await (await fetchWorker("/", {}, { at })).text();
    const date = controlTag(html, "preferredDate");
    expect(date).toContain('type="date"');
    expect(date).toContain('min="2026-11-24"');
    expect(date).toContain('max="2027-01-22"');
    // Wednesday evening: Thursday is Thanksgiving, so Friday is the first day.
    const wednesday = await (await fetchWorker("/", {}, { at: new Date("2026-11-25T23:00:00Z") })).text();
    expect(controlTag(wednesday, "preferredDate")).toContain('min="2026-11-27"');
  });

  it("stores the details posted without JavaScript", async () => {
    const email = uniqueEmail();
    const fields = { ...validServiceRequest(), email, ...vehicleAndVisit(), vehicleYear: "2019", mileage: "84000" };
    const response = await postForm("/?index", fields, { at });
    expect(response.status).toBe(302);
    const [row] = await storedRows("service_requests", email);
    expect(row).toMatchObject({ vehicle_year: 2019, mileage: 84_000, preferred_date: "2026-11-24" });
  });

  it("answers a bad detail without JavaScript with 400, its message and the visitor's input", async () => {
    const email = uniqueEmail();
    const fields = { ...validServiceRequest(), email, preferredDate: "2026-11-28", mileage: "84000.5" };
    const response = await postForm("/?index", fields, { at });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("We&#x27;re closed on weekends. Please choose a weekday.");
    expect(html).toContain("whole number from 0 to 999,999");
    expect(controlTag(html, "preferredDate")).toContain('value="2026-11-28"');
    // The first field in error takes the focus.
    expect(controlTag(html, "mileage")).toMatch(/autofocus/i);
    expect(await storedRows("service_requests", email)).toHaveLength(0);
  });
});

describe("booking from a service page", () => {
  it.each(services.map((service) => [service.slug, service.requestValue] as const))(
    "/services/%s links to the form with %s chosen",
    async (slug, option) => {
      const html = await (await fetchWorker(`/services/${slug}`)).text();
      const links = [...html.matchAll(/href="(\/\?service=[^"]+)"/g)].map(([, href]) => href);
      expect(links.length).toBeGreaterThan(0);
      for (const href of links) expect(href).toBe(`/?service=${option}#request-service`);
      const form = await (await fetchWorker(`/?service=${option}`)).text();
      const chosen = selectOptions(form, "service").filter((choice) => choice.selected);
      expect(chosen).toEqual([{ value: option, selected: true }]);
    },
  );

  it("ignores a service the form does not offer", async () => {
    for (const value of ["rocket-repair", "", "brake-repair"]) {
      const html = await (await fetchWorker(`/?service=${encodeURIComponent(value)}`)).text();
      expect(
        selectOptions(html, "service").filter((choice) => choice.selected),
        value,
      ).toEqual([]);
    }
  });

  it("never serves one visitor's chosen service to another", async () => {
    await fetchWorker("/?service=transmission");
    await fetchWorker("/?service=transmission");
    for (let i = 0; i < 2; i++) {
      const html = await (await fetchWorker("/")).text();
      expect(selectOptions(html, "service").filter((choice) => choice.selected)).toEqual([]);
    }
  });
});

describe("the staff inbox", () => {
  it("shows the vehicle and the visit on the request's card, and nothing for a request without them", async () => {
    await createStaffUser("dee", "the inbox password, long");
    const cookie = sessionCookie(await apiLogin("dee", "the inbox password, long"));
    const full = { ...validServiceRequest(), email: uniqueEmail(), lastName: "Detailed", ...vehicleAndVisit() };
    const partial = { ...validServiceRequest(), email: uniqueEmail(), lastName: "Partial", vehicleMake: "Subaru" };
    const bare = { ...validServiceRequest(), email: uniqueEmail(), lastName: "Bare" };
    for (const body of [full, partial, bare]) {
      expect((await postJson("/api/service-request", body, { at })).status).toBe(201);
    }

    const html = await (await fetchWorker("/incoming?tab=service-requests", { headers: { Cookie: cookie } })).text();
    const card = (lastName: string) => {
      const start = html.indexOf(`James ${lastName}`);
      return html.slice(start, html.indexOf("</article>", start)).replaceAll("<!-- -->", "");
    };
    expect(card("Detailed")).toContain("2019 Toyota RAV4 · 84,000 miles");
    expect(card("Detailed")).toContain("Prefers Tue, Nov 24, 2026 · Morning · Drop-off");
    expect(card("Partial")).toContain("Subaru");
    expect(card("Partial")).not.toContain("Prefers");
    expect(card("Bare")).not.toContain("Vehicle:");
    expect(card("Bare")).not.toContain("Prefers");
  });
});
