import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CheckIcon } from "~/components/ui/icons";
import { serviceRequestOptions } from "~/content/services";
import { phoneHref, shop } from "~/content/shop";
import { HONEYPOT_FIELD } from "~/forms/fields";
import { serviceRequestSchema } from "~/forms/service-request-schema";
import { FormAlert, FormSuccessNotice } from "./form-notices";
import { HoneypotField, SelectField, Spinner, TextareaField, TextField } from "./fields";
import { useSubmissionForm } from "./use-submission-form";

const nextSteps = [
  `We review your request within ${shop.replyWithinHours} hours`,
  "A member of our team calls you",
  "We schedule an appointment time that works for you",
  "You get an upfront estimate before any work begins",
];

type ServiceRequestFormProps = { submissionId: string; lastResult?: SubmissionResult<string[]> };

export function ServiceRequestForm({ submissionId, lastResult }: ServiceRequestFormProps) {
  const { form, fields, busy, firstInvalidField } = useSubmissionForm("serviceRequest", serviceRequestSchema, {
    submissionId,
    lastResult,
  });

  return (
    <Form method="post" {...getFormProps(form)} className="relative grid gap-5">
      <FormSuccessNotice formName="serviceRequest" />
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="submissionId" value={submissionId} />
      <HoneypotField name={HONEYPOT_FIELD} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.firstName} label="First Name" autoComplete="given-name" autoFocus={firstInvalidField === "firstName"} />
        <TextField meta={fields.lastName} label="Last Name" autoComplete="family-name" autoFocus={firstInvalidField === "lastName"} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.email} type="email" label="Email Address" autoComplete="email" autoFocus={firstInvalidField === "email"} />
        <TextField meta={fields.phone} type="tel" label="Phone Number" autoComplete="tel" autoFocus={firstInvalidField === "phone"} />
      </div>
      <SelectField
        meta={fields.service}
        label="Service Needed"
        placeholder="Select a service"
        options={serviceRequestOptions}
        autoFocus={firstInvalidField === "service"}
      />
      <TextareaField
        meta={fields.message}
        label="Additional Details"
        rows={4}
        hint="Year, make and model, and what you have noticed."
        autoFocus={firstInvalidField === "message"}
      />
      <section aria-labelledby={`${form.id}-next`} className="rounded-lg bg-blue-50 p-4 text-sm text-blue-950">
        <h3 id={`${form.id}-next`} className="font-semibold">
          What happens next?
        </h3>
        <ul className="mt-2 grid gap-1.5">
          {nextSteps.map((step) => (
            <li key={step} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-green-700" />
              {step}
            </li>
          ))}
        </ul>
      </section>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? (
          <>
            <Spinner /> Submitting Request...
          </>
        ) : (
          "Submit Service Request"
        )}
      </Button>
      <p className="text-center text-sm text-slate-700">
        Prefer to talk? Call us at{" "}
        <a href={phoneHref} className="font-semibold text-blue-900 underline">
          {shop.phone.display}
        </a>
        .
      </p>
    </Form>
  );
}
