import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { contactSchema } from "~/forms/contact-schema";
import { HONEYPOT_FIELD } from "~/forms/fields";
import { FormAlert, FormSuccessNotice } from "./form-notices";
import { HoneypotField, Spinner, TextareaField, TextField } from "./fields";
import { useSubmissionForm } from "./use-submission-form";

type ContactFormProps = { submissionId: string; lastResult?: SubmissionResult<string[]> };

export function ContactForm({ submissionId, lastResult }: ContactFormProps) {
  const { form, fields, busy, firstInvalidField } = useSubmissionForm("contact", contactSchema, {
    submissionId,
    lastResult,
  });

  return (
    <Form method="post" {...getFormProps(form)} className="relative grid gap-5">
      <FormSuccessNotice formName="contact" />
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
      <TextareaField
        meta={fields.message}
        label="Message"
        rows={5}
        hint="Please include details about your vehicle, service needed, or any specific questions."
        autoFocus={firstInvalidField === "message"}
      />
      <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto sm:justify-self-start">
        {busy ? (
          <>
            <Spinner /> Sending Message...
          </>
        ) : (
          "Send Message"
        )}
      </Button>
    </Form>
  );
}
