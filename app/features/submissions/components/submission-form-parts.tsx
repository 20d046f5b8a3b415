import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/ui/button";
import { HONEYPOT_FIELD } from "~/features/submissions/honeypot";
import type { InboxKind } from "~/records/kinds";
import { HoneypotField, Spinner, TextField } from "../../../ui/forms/fields";
import { FormAlert, FormSuccessNotice } from "./form-notices";
import type { FieldProps } from "./use-submission-form";

type SubmissionFormShellProps<Schema extends Record<string, unknown>> = {
  name: InboxKind;
  form: FormMetadata<Schema, string[]>;
  submissionId: string;
  /** Hydrated and validating in the browser (see useDeferredValidation). */
  enhanced: boolean;
  children: ReactNode;
};

/** What every public form carries besides its fields: notices, the submission id, the honeypot. */
export function SubmissionFormShell<Schema extends Record<string, unknown>>({
  name,
  form,
  submissionId,
  enhanced,
  children,
}: SubmissionFormShellProps<Schema>) {
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      data-enhanced={enhanced ? "" : undefined}
      className="relative grid gap-5"
    >
      <FormSuccessNotice formName={name} />
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="submissionId" value={submissionId} />
      <HoneypotField name={HONEYPOT_FIELD} />
      {children}
    </Form>
  );
}

type PersonFieldName = "firstName" | "lastName" | "email" | "phone";

/** First name, last name, email and phone: the fields both forms start with, in the order visitors fill them in. */
export function PersonFields({ fieldProps }: { fieldProps: (name: PersonFieldName) => FieldProps }) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...fieldProps("firstName")} label="First Name" autoComplete="given-name" />
        <TextField {...fieldProps("lastName")} label="Last Name" autoComplete="family-name" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...fieldProps("email")} type="email" label="Email Address" autoComplete="email" />
        <TextField {...fieldProps("phone")} type="tel" label="Phone Number" autoComplete="tel" />
      </div>
    </>
  );
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
  className,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  className?: string;
}) {
  return (
    <Button type="submit" size="lg" disabled={busy} className={className}>
      {busy ? (
        <>
          <Spinner /> {busyLabel}
        </>
      ) : (
        label
      )}
    </Button>
  );
}
