import { z } from "../../forms/zod";
import { emailField, honeypotField, messageField, nameField, phoneField, submissionIdField } from "../../forms/fields";
import { HONEYPOT_FIELD } from "./honeypot";

export const contactSchema = z.object({
  firstName: nameField("first name"),
  lastName: nameField("last name"),
  email: emailField,
  phone: phoneField,
  message: messageField("a message"),
  submissionId: submissionIdField,
  [HONEYPOT_FIELD]: honeypotField,
});

export type ContactInput = z.infer<typeof contactSchema>;
