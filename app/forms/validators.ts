import { type getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { contactSchema } from "./contact-schema";
import { loginSchema } from "./login-schema";
import { serviceRequestSchemaAt } from "./service-request-schema";

/**
 * The forms' zod schemas as conform validators. The server parses with the same schemas; the
 * browser imports this module once a form has hydrated (see useDeferredValidation), because
 * zod is larger than all the rest of a form page's own code.
 */
export const validators = {
  contact: (formData: FormData) => parseWithZod(formData, { schema: contactSchema }),
  // As of the browser's clock; the server checks again with its own.
  serviceRequest: (formData: FormData) => parseWithZod(formData, { schema: serviceRequestSchemaAt(new Date()) }),
  login: (formData: FormData) => parseWithZod(formData, { schema: loginSchema }),
};

export type ValidatedFormName = keyof typeof validators;

/** A form's HTML constraints by field name (required, maxLength, pattern…). */
export type FormConstraint = ReturnType<typeof getZodConstraint>;
