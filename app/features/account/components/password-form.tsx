import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { PasswordField } from "~/ui/forms/password-field";
import { Button } from "~/ui/button";
import { type PasswordChangeInput, passwordChangeSchema } from "~/features/account/schemas";
import { parseFormData } from "~/forms/parse-form";

/** A new password, once the current one is given; the server ends every other session. */
export function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const changing = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  const [form, fields] = useForm<PasswordChangeInput>({
    id: "password",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseFormData(formData, passwordChangeSchema),
  });
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="password" />
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900">
          {form.errors[0]}
        </p>
      ) : null}
      <PasswordField meta={fields.currentPassword} label="Current password" autoComplete="current-password" />
      <PasswordField
        meta={fields.newPassword}
        label="New password (at least 12 characters)"
        autoComplete="new-password"
      />
      <Button type="submit" variant="dark" className="justify-self-start" disabled={changing}>
        {changing ? "Changing..." : "Change password"}
      </Button>
    </Form>
  );
}
