import type { SubmissionResult } from "@conform-to/react";
import { contactSchema } from "~/forms/contact-schema";
import { TextareaField } from "./fields";
import { PersonFields, SubmissionFormShell, SubmitButton } from "./submission-form-parts";
import { useSubmissionForm } from "./use-submission-form";

type ContactFormProps = { submissionId: string; lastResult?: SubmissionResult<string[]> };

export function ContactForm({ submissionId, lastResult }: ContactFormProps) {
  const { form, fields, busy, firstInvalidField } = useSubmissionForm("contact", contactSchema, {
    submissionId,
    lastResult,
  });

  return (
    <SubmissionFormShell name="contact" form={form} submissionId={submissionId}>
      <PersonFields fields={fields} firstInvalidField={firstInvalidField} />
      <TextareaField
        meta={fields.message}
        label="Message"
        rows={5}
        hint="Please include details about your vehicle, service needed, or any specific questions."
        autoFocus={firstInvalidField === "message"}
      />
      <SubmitButton
        busy={busy}
        label="Send Message"
        busyLabel="Sending Message..."
        className="w-full sm:w-auto sm:justify-self-start"
      />
    </SubmissionFormShell>
  );
}
