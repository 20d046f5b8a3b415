import type { ContactInput } from "~/features/submissions/contact-schema";
import { TextareaField } from "../../../ui/forms/fields";
import { PersonFields, SubmissionFormShell, SubmitButton } from "./submission-form-parts";
import { type SubmissionFormProps, useSubmissionForm } from "./use-submission-form";

export function ContactForm(props: SubmissionFormProps<ContactInput>) {
  const { form, fieldProps, busy, validationReady } = useSubmissionForm<ContactInput>("contact", props);

  return (
    <SubmissionFormShell name="contact" form={form} submissionId={props.submissionId} enhanced={validationReady}>
      <PersonFields fieldProps={fieldProps} />
      <TextareaField
        {...fieldProps("message")}
        label="Message"
        rows={5}
        hint="Please include details about your vehicle, service needed, or any specific questions."
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
