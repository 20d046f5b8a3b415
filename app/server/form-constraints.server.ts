import { getZodConstraint } from "@conform-to/zod/v4";
import { contactSchema } from "~/forms/contact-schema";
import { loginSchema } from "~/forms/login-schema";
import { serviceRequestSchema } from "~/forms/service-request-schema";
import type { FormConstraint, ValidatedFormName } from "~/forms/validators";

/**
 * Each form's HTML constraints (required, maxlength, pattern…), derived from its zod schema on
 * the server and handed to the page by its loader, so the browser gets them without zod.
 */
export const formConstraints: Record<ValidatedFormName, FormConstraint> = {
  contact: getZodConstraint(contactSchema),
  serviceRequest: getZodConstraint(serviceRequestSchema),
  login: getZodConstraint(loginSchema),
};
