import { weeklyOnlySchedule } from "~/hours/shop-schedule";
import { describe, expect, it } from "vitest";
import { contactSchema } from "~/features/submissions/contact-schema";
import { serviceRequestSchemaAt } from "~/features/submissions/service-request-schema";
import { fetchWorker } from "../support/http";

// Every key of a form's schema has a control in the page's HTML as the server sends it (the form
// works without JavaScript): a field added to a schema and forgotten in the form fails here.

const at = new Date("2026-11-24T15:00:00Z");

/** The names of the controls in each <form> of a page. */
function formsOf(html: string): Set<string>[] {
  return [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map(
    ([form]) =>
      new Set([...form.matchAll(/<(?:input|select|textarea|button)\b[^>]*?\bname="([^"]+)"/g)].map((m) => m[1] ?? "")),
  );
}

async function controlsOfFormWith(path: string, someKey: string): Promise<Set<string>> {
  const html = await (await fetchWorker(path, {}, { at })).text();
  const form = formsOf(html).find((names) => names.has(someKey) && names.has("submissionId"));
  if (!form) throw new Error(`No form on ${path} has a control named ${someKey}`);
  return form;
}

describe("the public forms", () => {
  it("have a control for every field of the contact form's schema on /contact", async () => {
    const controls = await controlsOfFormWith("/contact", "message");
    const keys = Object.keys(contactSchema.shape);
    expect(keys.length).toBeGreaterThan(5);
    expect(keys.filter((key) => !controls.has(key))).toEqual([]);
    expect(controls.has("service")).toBe(false);
  });

  it("have a control for every field of the service request's schema on /", async () => {
    const controls = await controlsOfFormWith("/", "service");
    const keys = Object.keys(serviceRequestSchemaAt(at, weeklyOnlySchedule).shape);
    expect(keys).toContain("visitType");
    expect(keys.filter((key) => !controls.has(key))).toEqual([]);
  });
});
