import { z } from "~/forms/zod";
import { contactSchema } from "~/forms/contact-schema";
import { loginSchema } from "~/forms/login-schema";
import { serviceRequestSchema } from "~/forms/service-request-schema";
import type { FormConstraint, ValidatedFormName } from "~/forms/validators";

const escapeForPattern = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");

/**
 * A form's HTML constraints (required, minlength, maxlength, pattern) from its zod schema.
 * Read from zod's own JSON Schema of the input, not conform's getZodConstraint: that one reads
 * zod internals (`_zod.bag`) that zod 4.6 no longer fills, and returned `required` alone.
 * Browsers compile `pattern` with the `v` flag; test/form-constraints.test.ts checks that each does.
 */
function htmlConstraints(schema: z.ZodObject): FormConstraint {
  const { properties = {}, required = [] } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  const constraints: FormConstraint = {};
  for (const [name, property] of Object.entries(properties)) {
    if (typeof property !== "object") continue;
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

/** Derived once per isolate and handed to each page by its loader, so the browser gets them without zod. */
export const formConstraints: Record<ValidatedFormName, FormConstraint> = {
  contact: htmlConstraints(contactSchema),
  serviceRequest: htmlConstraints(serviceRequestSchema),
  login: htmlConstraints(loginSchema),
};
