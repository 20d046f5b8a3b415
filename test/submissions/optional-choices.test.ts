import { describe, expect, it } from "vitest";
import { contactSchema } from "~/features/submissions/contact-schema";
import { serviceRequestSchemaAt } from "~/features/submissions/service-request-schema";
import { z } from "~/forms/zod";
import { weeklyOnlySchedule } from "~/hours/shop-schedule";
import type { InboxKind } from "~/records/kinds";
import { postJson } from "../support/http";
import { storedRows, uniqueEmail, validContact, validServiceRequest } from "../support/inbox";

// Every optional choice a form has (a field whose values are a fixed list), read from the form's own
// schema: stored as sent, refused with 400 naming it when it is not one of its values, and stored as
// nothing when left out. A choice added to a form is tested here without a test of its own.

const at = new Date("2026-11-23T15:00:00Z"); // Monday 10:00 AM in Pikesville

const forms: Record<
  InboxKind,
  { path: string; table: "contact_submissions" | "service_requests"; schema: z.ZodObject; sample: () => object }
> = {
  contact: { path: "/api/contact", table: "contact_submissions", schema: contactSchema, sample: validContact },
  serviceRequest: {
    path: "/api/service-request",
    table: "service_requests",
    schema: serviceRequestSchemaAt(at, weeklyOnlySchedule),
    sample: validServiceRequest,
  },
};

type Node = z.core.JSONSchema.JSONSchema;
const choicesOf = (node: Node): string[] =>
  [
    ...(node.enum ?? []),
    ...(node.anyOf ?? []).flatMap((branch) => (typeof branch === "object" ? choicesOf(branch) : [])),
  ].filter((value): value is string => typeof value === "string");

/** The form's optional fields that take one of a fixed list of values, with those values. */
function optionalChoices(schema: z.ZodObject): [string, string[]][] {
  const { properties = {}, required = [] } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return Object.entries(properties).flatMap(([name, node]) => {
    const choices = typeof node === "object" ? choicesOf(node) : [];
    return !required.includes(name) && choices.length > 0 ? [[name, choices] as [string, string[]]] : [];
  });
}

const column = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

it("finds the optional choices of the service request (the preferred time and the visit)", () => {
  expect(optionalChoices(forms.serviceRequest.schema).map(([name]) => name)).toEqual(
    expect.arrayContaining(["preferredTime", "visitType"]),
  );
});

describe.each(
  Object.entries(forms).flatMap(([kind, form]) =>
    optionalChoices(form.schema).map(([name, choices]) => ({ kind, form, name, choices })),
  ),
)("the $kind form's $name", ({ form, name, choices }) => {
  it("is stored as sent, for each of its values", async () => {
    for (const choice of choices) {
      const email = uniqueEmail();
      const response = await postJson(form.path, { ...form.sample(), email, [name]: choice }, { at });
      expect(response.status, `${name}: ${choice}`).toBe(201);
      const [row] = await storedRows(form.table, email);
      expect(row?.[column(name)], `${name}: ${choice}`).toBe(choice);
    }
  });

  it("is refused with 400 naming it when it is not one of its values, storing nothing", async () => {
    const email = uniqueEmail();
    const response = await postJson(form.path, { ...form.sample(), email, [name]: "not-one-of-them" }, { at });
    expect(response.status).toBe(400);
    const answer = await response.json<{ fieldErrors?: Record<string, string[]> }>();
    expect(Object.keys(answer.fieldErrors ?? {})).toEqual([name]);
    expect(await storedRows(form.table, email)).toEqual([]);
  });

  it("is stored as nothing when left out", async () => {
    const email = uniqueEmail();
    const response = await postJson(form.path, { ...form.sample(), email }, { at });
    expect(response.status).toBe(201);
    const [row] = await storedRows(form.table, email);
    expect(row?.[column(name)]).toBeNull();
  });
});
