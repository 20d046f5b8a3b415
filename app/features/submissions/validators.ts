import type { getZodConstraint } from "@conform-to/zod/v4";
import { contactSchema } from "./contact-schema";
import { loginSchema } from "~/features/sign-in/sign-in";
import { parseFormData } from "../../forms/parse-form";
import { serviceRequestSchemaAt } from "./service-request-schema";
import type { ShopSchedule } from "~/hours/shop-schedule";

/**
 * The forms' zod schemas as conform validators. The server parses with the same schemas; the
 * browser imports this module once a form has hydrated (see useDeferredValidation), because
 * zod is larger than all the rest of a form page's own code.
 */
export const validators = {
  contact: (formData: FormData) => parseFormData(formData, contactSchema),
  // As of the browser's clock and the schedule the page came with; the server checks again with its own.
  serviceRequest: (formData: FormData, { schedule, serviceValues }: ValidationContext) =>
    parseFormData(formData, serviceRequestSchemaAt(new Date(), schedule, serviceValues)),
  login: (formData: FormData) => parseFormData(formData, loginSchema),
};

/**
 * What a form's rules may need besides its fields: the shop's schedule (the preferred date), the
 * services the request form offers (the catalog's, as the page was rendered).
 */
export type ValidationContext = { schedule: ShopSchedule; serviceValues?: readonly string[] };

export type ValidatedFormName = keyof typeof validators;

/** A form's HTML constraints by field name (required, maxLength, pattern…). */
export type FormConstraint = ReturnType<typeof getZodConstraint>;
