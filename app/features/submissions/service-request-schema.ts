import type { ShopSchedule } from "~/hours/shop-schedule";
import { z } from "../../forms/zod";
import { requestChoicesOf, shippedServices } from "~/content/services";
import { emailField, honeypotField, messageField, nameField, phoneField, submissionIdField } from "../../forms/fields";
import { HONEYPOT_FIELD } from "./honeypot";
import {
  mileageField,
  modelYearField,
  preferredDateField,
  preferredTimeField,
  vehicleTextField,
  visitTypeField,
} from "./vehicle-visit-fields";

/** The request form's values as shipped: what the schema takes unless told the catalog's (tests, constraints). */
const shippedServiceValues: readonly string[] = requestChoicesOf(shippedServices).map((choice) => choice.value);

/**
 * The service request as of `now`: which model years and preferred dates it takes depends on the
 * day and on the shop's schedule (its hours, closures and special hours). The server builds it
 * with the request's time (tests pin it), the browser with its clock and the schedule the page
 * was rendered with. The services it takes are the request form's choices as of the request (the
 * catalog's visible services and the other choices, app/features/catalog/): a hidden service is refused.
 * The six original fields come first, required and in the form's order; the vehicle and the visit follow,
 * all optional.
 */
export function serviceRequestSchemaAt(
  now: Date,
  schedule: ShopSchedule,
  serviceValues: readonly string[] = shippedServiceValues,
) {
  return z.object({
    firstName: nameField("first name"),
    lastName: nameField("last name"),
    email: emailField,
    phone: phoneField,
    // Typed as the column stores it (text): rows read back compare with what the schema returns.
    service: z.enum(serviceValues as [string, ...string[]], { error: "Please choose the service you need." }),
    message: messageField("some details about your vehicle and what it needs"),
    vehicleYear: modelYearField(now),
    vehicleMake: vehicleTextField("make"),
    vehicleModel: vehicleTextField("model"),
    mileage: mileageField,
    preferredDate: preferredDateField(schedule, now),
    preferredTime: preferredTimeField,
    visitType: visitTypeField,
    submissionId: submissionIdField,
    [HONEYPOT_FIELD]: honeypotField,
  });
}

export type ServiceRequestSchema = ReturnType<typeof serviceRequestSchemaAt>;
export type ServiceRequestInput = z.infer<ServiceRequestSchema>;
