import { z } from "./zod";
import { serviceRequestOptions } from "~/content/services";
import { emailField, honeypotField, messageField, nameField, phoneField, submissionIdField } from "./fields";
import { HONEYPOT_FIELD } from "./honeypot";

const serviceValues = serviceRequestOptions.map((option) => option.value);

export const serviceRequestSchema = z.object({
  firstName: nameField("first name"),
  lastName: nameField("last name"),
  email: emailField,
  phone: phoneField,
  service: z.enum(serviceValues, { error: "Please choose the service you need." }),
  message: messageField("some details about your vehicle and what it needs"),
  submissionId: submissionIdField,
  [HONEYPOT_FIELD]: honeypotField,
});

export type ServiceRequestInput = z.infer<typeof serviceRequestSchema>;
