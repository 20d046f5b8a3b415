import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { FormErrorLine } from "~/ui/forms/intent-form";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { TextField } from "~/ui/forms/fields";
import { Button } from "~/ui/button";
import { parseFormData } from "~/forms/parse-form";
import { type CodeInput, codeSchema } from "~/features/second-factor/schemas";

/** One field for an authenticator's 6 digits or a recovery code, posted as a plain form. */
export function CodeForm({
  id,
  lastResult,
  submitLabel,
  hidden,
  action,
  hint = "The 6 digits your authenticator app shows now, or one of your recovery codes.",
}: {
  id: string;
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
  hidden?: ReactNode;
  /** Where the form posts (its own page unless said). */
  action?: string;
  hint?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm<CodeInput>({
    id,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseFormData(formData, codeSchema),
  });
  return (
    <Form method="post" action={action} className="grid gap-4" {...getFormProps(form)}>
      {hidden}
      <FormErrorLine form={form} />
      <TextField meta={fields.code} label="Code" hint={hint} autoComplete="one-time-code" />
      <Button type="submit" variant="dark" size="lg" className="w-full" disabled={busy}>
        {busy ? "Checking..." : submitLabel}
      </Button>
    </Form>
  );
}
