import { z } from "~/forms/zod";
import { contactSchema } from "~/features/submissions/contact-schema";
import { loginSchema } from "~/features/sign-in/sign-in";
import { serviceRequestSchemaAt } from "~/features/submissions/service-request-schema";
import { serviceRequestBoundsAt } from "~/features/submissions/vehicle-visit-fields";
import type { FormConstraint, ValidatedFormName } from "~/features/submissions/validators";
import { type ShopSchedule, weeklyOnlySchedule } from "~/hours/shop-schedule";

const escapeForPattern = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");

type JsonSchemaNode = z.core.JSONSchema.JSONSchema;

/**
 * The branch of a property an HTML control fills: a form sends text, so where the schema also
 * takes a number or null for the JSON API (`anyOf`), the string branch holds the limits.
 */
function textBranch(property: JsonSchemaNode): JsonSchemaNode {
  if (property.type === "string" || !property.anyOf) return property;
  for (const branch of property.anyOf) {
    if (typeof branch !== "object") continue;
    const text = textBranch(branch);
    if (text.type === "string") return text;
  }
  return property;
}

/**
 * A form's HTML constraints (required, minlength, maxlength, pattern) from its zod schema.
 * Read from zod's own JSON Schema of the input, not conform's getZodConstraint: that one reads
 * zod internals (`_zod.bag`) that zod 4.6 no longer fills, and returned `required` alone.
 * Browsers compile `pattern` with the `v` flag; test/submissions/form-constraints.test.ts checks that each does.
 */
function htmlConstraints(schema: z.ZodObject): FormConstraint {
  const { properties = {}, required = [] } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  const constraints: FormConstraint = {};
  for (const [name, node] of Object.entries(properties)) {
    if (typeof node !== "object") continue;
    const property = textBranch(node);
    const constraint: FormConstraint[string] = { required: required.includes(name) };
    if (property.minLength !== undefined) constraint.minLength = property.minLength;
    if (property.maxLength !== undefined) constraint.maxLength = property.maxLength;
    if (property.pattern !== undefined) constraint.pattern = property.pattern;
    const choices = property.enum?.filter((value) => typeof value === "string");
    if (choices?.length) constraint.pattern = choices.map(escapeForPattern).join("|");
    constraints[name] = constraint;
  }
  return constraints;
}

// Any instant gives the same lengths and patterns; the day's bounds are laid over them per request.
const ANY_INSTANT = new Date(0);

/**
 * Derived once per isolate. The service request's bounds that move with the day (model years,
 * the booking window) are not part of these: see formConstraintsAt.
 */
const formConstraints: Record<ValidatedFormName, FormConstraint> = {
  contact: htmlConstraints(contactSchema),
  serviceRequest: htmlConstraints(serviceRequestSchemaAt(ANY_INSTANT, weeklyOnlySchedule)),
  login: htmlConstraints(loginSchema),
};

/**
 * A form's HTML constraints as of `now`, handed to the page by its loader so the browser gets
 * them without zod: the schema's limits, and for the service request the date input's `min` and
 * `max` and the range of model years the year select offers.
 */
export function formConstraintsAt(name: ValidatedFormName, now: Date, schedule?: ShopSchedule): FormConstraint {
  const constraint = formConstraints[name];
  if (name !== "serviceRequest") return constraint;
  // The booking window depends on the owner's hours: a default here would offer closed days.
  if (!schedule) throw new Error("formConstraintsAt: the service request needs the shop's schedule");
  const bounds = serviceRequestBoundsAt(schedule, now);
  return {
    ...constraint,
    vehicleYear: { ...constraint.vehicleYear, ...bounds.vehicleYear },
    preferredDate: { ...constraint.preferredDate, ...bounds.preferredDate },
  };
}
