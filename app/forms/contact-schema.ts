import { z } from "zod";
import { emailField, HONEYPOT_FIELD, honeypotField, messageField, nameField, phoneField, submissionIdField } from "./fields";

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
