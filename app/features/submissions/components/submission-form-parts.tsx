import { type FieldMetadata, type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/ui/button";
import { HONEYPOT_FIELD } from "~/features/submissions/honeypot";
import type { InboxKind } from "~/records/kinds";
import { HoneypotField, Spinner, TextField } from "../../../ui/forms/fields";
import { FormAlert, FormSuccessNotice } from "./form-notices";

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
export function PersonFields({
  fields,
  firstInvalidField,
}: {
  fields: Record<PersonFieldName, FieldMetadata<string>>;
  firstInvalidField?: string;
}) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          meta={fields.firstName}
          label="First Name"
          autoComplete="given-name"
          autoFocus={firstInvalidField === "firstName"}
        />
        <TextField
          meta={fields.lastName}
          label="Last Name"
          autoComplete="family-name"
          autoFocus={firstInvalidField === "lastName"}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          meta={fields.email}
          type="email"
          label="Email Address"
          autoComplete="email"
          autoFocus={firstInvalidField === "email"}
        />
        <TextField
          meta={fields.phone}
          type="tel"
          label="Phone Number"
          autoComplete="tel"
          autoFocus={firstInvalidField === "phone"}
        />
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
