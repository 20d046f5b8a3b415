import { type SubmissionResult, useForm } from "@conform-to/react";
import { PasswordField } from "~/ui/forms/password-field";
import { IntentForm } from "~/ui/forms/intent-form";
import { type PasswordChangeInput, passwordChangeSchema } from "~/features/account/schemas";
import { parseFormData } from "~/forms/parse-form";

/** A new password, once the current one is given; the server ends every other session. */
export function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<PasswordChangeInput>({
    id: "password",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseFormData(formData, passwordChangeSchema),
  });
  return (
    <IntentForm form={form} intent="password" submit="Change password" submitting="Changing...">
      <PasswordField meta={fields.currentPassword} label="Current password" autoComplete="current-password" />
      <PasswordField
        meta={fields.newPassword}
        label="New password (at least 12 characters)"
        autoComplete="new-password"
      />
    </IntentForm>
  );
}
