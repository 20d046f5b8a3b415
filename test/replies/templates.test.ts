import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker, ORIGIN } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { ownerAndStaff, postStaffForm, signInAgain } from "../support/staff";

// Reply templates (issue 29 item 2, docs/decisions/052-reply-templates.md): kept by owners under
// /api/settings/reply-templates and on the settings page, checked when saved, filled from the
// record on the server for the record page and GET /api/<kind>/<id>/reply-draft. The Worker's
// clock is pinned to Monday, November 30, 2026, 10:00 AM in Pikesville (open 8 to 5).

const at = new Date("2026-11-30T15:00:00Z");
const sunday = new Date("2026-11-29T15:00:00Z");
const sessions = ownerAndStaff("tpl", { at });

type Template = { id: number; name: string; subject: string; body: string; updatedBy: string | null };
type Draft = { templateId: number; name: string; subject: string; body: string };

function call(method: string, path: string, body?: unknown, { cookie = sessions.owner, when = at } = {}) {
  return fetchWorker(
    path,
    {
      method,
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: ORIGIN },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { at: when },
  );
}

async function templates() {
  const response = await call("GET", "/api/settings/reply-templates");
  expect(response.status).toBe(200);
  return (await response.json<{ templates: Template[] }>()).templates;
}

async function addTemplate(fields: { name: string; subject: string; body: string }) {
  const response = await call("POST", "/api/settings/reply-templates", fields);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json<{ template: Template }>()).template;
}

async function serviceRequest(columns: Record<string, string | number | null>) {
  const [id] = await insertInboxRecords("serviceRequest", [{ firstName: "Dana", service: "brake-service" }]);
  for (const [column, value] of Object.entries(columns)) {
    await env.DB.prepare(`update service_requests set ${column} = ? where id = ?`).bind(value, id).run();
  }
  return id!;
}

const allPlaceholders = {
  name: "Every placeholder",
  subject: "{firstName}: your {vehicle}",
  body: "{firstName} | {vehicle} | {service} | {preferredDate} | {shopPhone} | {hoursToday}",
};

describe("the templates a new install starts with", () => {
  it("has “We received your request” and “Your car is ready”, in the shop's words with known placeholders", async () => {
    const shipped = await templates();
    expect(shipped.map((template) => template.name)).toEqual(["We received your request", "Your car is ready"]);
    for (const template of shipped) {
      expect(template.body).toMatch(/^Hi \{firstName\},\n\n/);
      expect(template.body).toContain("{shopPhone}");
    }
  });
});

describe("filling a template from the record", () => {
  it("fills every placeholder from a service request with its vehicle and preferred date", async () => {
    const { id: templateId } = await addTemplate(allPlaceholders);
    const id = await serviceRequest({
      vehicle_year: 2016,
      vehicle_make: "Honda",
      vehicle_model: "Accord",
      preferred_date: "2026-12-01",
    });
    const response = await call("GET", `/api/service-requests/${id}/reply-draft?template=${templateId}`, undefined, {
      cookie: sessions.staff,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json<Draft>()).toEqual({
      templateId,
      name: "Every placeholder",
      subject: "Dana: your 2016 Honda Accord",
      body: "Dana | 2016 Honda Accord | Brake Repair & Service | Tuesday, December 1 | (410) 555-0192 | 8:00 AM to 5:00 PM",
    });
  });

  it("reads “car”, the service and “a day that suits you” for a request without a vehicle or date, and today's closure", async () => {
    const [template] = (await templates()).filter((each) => each.name === "Every placeholder");
    const id = await serviceRequest({ vehicle_make: "Subaru" });
    const sundayCookie = await signInAgain("tpl-staff", { at: sunday });
    const response = await call("GET", `/api/service-requests/${id}/reply-draft?template=${template!.id}`, undefined, {
      cookie: sundayCookie,
      when: sunday,
    });
    expect((await response.json<Draft>()).body).toBe(
      "Dana | Subaru | Brake Repair & Service | a day that suits you | (410) 555-0192 | closed today",
    );
    const bare = await serviceRequest({});
    const draft = await call("GET", `/api/service-requests/${bare}/reply-draft?template=${template!.id}`);
    expect((await draft.json<Draft>()).subject).toBe("Dana: your car");
  });

  it("fills a contact message, which has no vehicle, service or date, with words that still read", async () => {
    const [template] = (await templates()).filter((each) => each.name === "Every placeholder");
    const [id] = await insertInboxRecords("contact", [{ firstName: "Lee" }]);
    const response = await call("GET", `/api/contact-submissions/${id}/reply-draft?template=${template!.id}`);
    expect(await response.json<Draft>()).toMatchObject({
      subject: "Lee: your car",
      body: "Lee | car | help with your car | a day that suits you | (410) 555-0192 | 8:00 AM to 5:00 PM",
    });
    const [shipped] = (await templates()).filter((each) => each.name === "We received your request");
    const received = await call("GET", `/api/contact-submissions/${id}/reply-draft?template=${shipped!.id}`);
    const { body } = await received.json<Draft>();
    expect(body).toMatch(/^Hi Lee,\n\n/);
    expect(body).toContain("your request for help with your car");
    expect(body).not.toMatch(/[{}]/);
  });

  it("answers 404 for an unknown template or record and 400 without a template", async () => {
    const [id] = await insertInboxRecords("contact", [{}]);
    expect((await call("GET", `/api/contact-submissions/${id}/reply-draft?template=99999`)).status).toBe(404);
    expect((await call("GET", `/api/contact-submissions/${id}/reply-draft`)).status).toBe(400);
    const missing = crypto.randomUUID();
    expect((await call("GET", `/api/contact-submissions/${missing}/reply-draft?template=1`)).status).toBe(404);
    expect(
      (await call("GET", `/api/contact-submissions/${id}/reply-draft?template=1`, undefined, { cookie: "" })).status,
    ).toBe(401);
  });

  it("shows the record page with the reply form filled in when a template is picked (a plain GET)", async () => {
    const [shipped] = (await templates()).filter((each) => each.name === "Your car is ready");
    const id = await serviceRequest({ vehicle_year: 2012, vehicle_make: "Ford", vehicle_model: "F-150" });
    const page = await fetchWorker(
      `/incoming/service-requests/${id}?template=${shipped!.id}`,
      {
        headers: { Cookie: sessions.staff },
      },
      { at },
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('value="Your 2012 Ford F-150 is ready to pick up"');
    expect(html).toMatch(
      /<textarea[^>]*id="reply-body"[^>]*>Hi Dana,\n\nGood news: your 2012 Ford F-150 is ready to pick up\. Our hours today: 8:00 AM to 5:00 PM\./,
    );
    expect(html).toMatch(/<option value="\d+" selected="">Your car is ready<\/option>/);
    const plain = await (
      await fetchWorker(`/incoming/service-requests/${id}`, { headers: { Cookie: sessions.staff } }, { at })
    ).text();
    expect(plain).toMatch(/<textarea[^>]*id="reply-body"[^>]*><\/textarea>/);
    expect(plain).toContain("Choose a template…");
  });
});

describe("saving a template", () => {
  const valid = { name: "Estimate ready", subject: "Your estimate", body: "Hi {firstName}, your estimate is ready." };

  it("refuses an unknown placeholder, naming it", async () => {
    for (const [field, text, named] of [
      ["body", "Hi {fistName}, see you {hoursToday}.", "{fistName}"],
      ["body", "Hi {first name}", "{first name}"],
      ["subject", "About your {Vehicle}", "{Vehicle}"],
    ] as const) {
      const response = await call("POST", "/api/settings/reply-templates", { ...valid, [field]: text });
      expect(response.status).toBe(400);
      const answer = await response.json<{ fieldErrors: Record<string, string[]> }>();
      expect(Object.keys(answer.fieldErrors)).toEqual([field]);
      expect(answer.fieldErrors[field]![0]).toContain(`Unknown placeholder ${named}`);
      expect(answer.fieldErrors[field]![0]).toContain("{firstName}, {vehicle}, {service}");
    }
    expect((await templates()).map((each) => each.name)).not.toContain("Estimate ready");
  });

  it("refuses names, subjects and texts outside the text rules and lengths (400 naming the field)", async () => {
    for (const [field, value] of [
      ["name", ""],
      ["name", "x".repeat(61)],
      ["name", "two\nlines"],
      ["subject", "   "],
      ["subject", "x".repeat(201)],
      ["subject", "bell\u0007"],
      ["body", ""],
      ["body", "x".repeat(4001)],
      ["body", "nul\u0000"],
      ["name", "We received your REQUEST"],
    ] as const) {
      const response = await call("POST", "/api/settings/reply-templates", { ...valid, [field]: value });
      expect(response.status, `${field}: ${value.slice(0, 20)}`).toBe(400);
      const answer = await response.json<{ fieldErrors: Record<string, string[]> }>();
      expect(Object.keys(answer.fieldErrors)).toEqual([field]);
    }
    expect(
      (await call("POST", "/api/settings/reply-templates", { ...valid, name: "Long one", body: "é".repeat(4000) }))
        .status,
    ).toBe(201);
  });

  it("refuses staff members (403) and visitors (401), and stores nothing", async () => {
    const [first] = await templates();
    for (const cookie of [sessions.staff, ""]) {
      const status = cookie ? 403 : 401;
      expect((await call("GET", "/api/settings/reply-templates", undefined, { cookie })).status).toBe(status);
      expect((await call("POST", "/api/settings/reply-templates", valid, { cookie })).status).toBe(status);
      expect((await call("PUT", `/api/settings/reply-templates/${first!.id}`, valid, { cookie })).status).toBe(status);
      expect((await call("DELETE", `/api/settings/reply-templates/${first!.id}`, undefined, { cookie })).status).toBe(
        status,
      );
    }
    const page = await fetchWorker(
      "/incoming/settings/reply-templates",
      { headers: { Cookie: sessions.staff } },
      { at },
    );
    expect(page.status).toBe(403);
    expect((await templates()).find((each) => each.id === first!.id)).toEqual(first);
  });

  it("adds, edits and deletes, each audited", async () => {
    const added = await addTemplate(valid);
    expect(added).toMatchObject({ ...valid, updatedBy: "tpl-owner" });
    const edited = await call("PUT", `/api/settings/reply-templates/${added.id}`, { ...valid, subject: "Estimate" });
    expect(edited.status).toBe(200);
    expect((await edited.json<{ template: Template }>()).template.subject).toBe("Estimate");
    expect((await call("GET", `/api/settings/reply-templates/${added.id}`)).status).toBe(200);
    expect((await call("DELETE", `/api/settings/reply-templates/${added.id}`)).status).toBe(200);
    expect((await call("DELETE", `/api/settings/reply-templates/${added.id}`)).status).toBe(404);
    expect((await call("PUT", `/api/settings/reply-templates/${added.id}`, valid)).status).toBe(404);
    const { results } = await env.DB.prepare(
      "select action, target, actor_name, detail from audit_log where action like 'settings.reply-template.%' and detail = ? order by id",
    )
      .bind(JSON.stringify({ name: "Estimate ready" }))
      .all<{ action: string; target: string; actor_name: string; detail: string }>();
    expect(results).toEqual(
      [
        ["add", "reply-templates"],
        ["edit", `reply-templates/${added.id}`],
        ["delete", `reply-templates/${added.id}`],
      ].map(([step, target]) => ({
        action: `settings.reply-template.${step}`,
        target,
        actor_name: "tpl-owner",
        detail: JSON.stringify({ name: "Estimate ready" }),
      })),
    );
  });

  it("saves from the settings page without JavaScript, and shows a refusal with what was typed", async () => {
    const postSettingsPage = (fields: Record<string, string>) =>
      postStaffForm(sessions.owner, "/incoming/settings/reply-templates", fields, { at });
    const addPickup = { intent: "template.add", id: "", name: "Pickup", subject: "Ready" };
    const refused = await postSettingsPage({ ...addPickup, body: "Hi {nmae}" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Unknown placeholder {nmae} in the text.");
    expect(html).toContain("Hi {nmae}</textarea>");
    const saved = await postSettingsPage({ ...addPickup, body: "Hi {firstName}" });
    expect(saved.status).toBe(302);
    const pickup = (await templates()).find((each) => each.name === "Pickup");
    expect(saved.headers.get("Location")).toBe(`/incoming/settings/reply-templates#template-${pickup!.id}`);
    const removed = await postSettingsPage({ intent: "template.delete", id: String(pickup!.id) });
    expect(removed.status).toBe(302);
    expect((await templates()).some((each) => each.name === "Pickup")).toBe(false);
  });
});
