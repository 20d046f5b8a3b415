import type { getZodConstraint } from "@conform-to/zod/v4";
import { contactSchema } from "./contact-schema";
import { loginSchema } from "./login-schema";
import { parseFormData } from "./parse-form";
import { serviceRequestSchemaAt } from "./service-request-schema";

/**
 * The forms' zod schemas as conform validators. The server parses with the same schemas; the
 * browser imports this module once a form has hydrated (see useDeferredValidation), because
 * zod is larger than all the rest of a form page's own code.
 */
export const validators = {
  contact: (formData: FormData) => parseFormData(formData, contactSchema),
  // As of the browser's clock; the server checks again with its own.
  serviceRequest: (formData: FormData) => parseFormData(formData, serviceRequestSchemaAt(new Date())),
  login: (formData: FormData) => parseFormData(formData, loginSchema),
};

export type ValidatedFormName = keyof typeof validators;

/** A form's HTML constraints by field name (required, maxLength, pattern…). */
export type FormConstraint = ReturnType<typeof getZodConstraint>;
