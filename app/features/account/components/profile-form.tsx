import { type SubmissionResult, useForm } from "@conform-to/react";
import { TextField } from "~/ui/forms/fields";
import { IntentForm } from "~/ui/forms/intent-form";
import { type ProfileInput, profileSchema } from "~/features/account/schemas";
import { parseFormData } from "~/forms/parse-form";
import type { Account } from "~/features/account/account.server";

/** The member's display name and email: a plain form, checked in the browser with the server's schema. */
export function ProfileForm({
  account,
  lastResult,
}: {
  account: Pick<Account, "displayName" | "email">;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<ProfileInput>({
    id: "profile",
    lastResult,
    defaultValue: { displayName: account.displayName ?? "", email: account.email ?? "" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseFormData(formData, profileSchema),
  });
  return (
    <IntentForm form={form} intent="profile" submit="Save name and email" submitting="Saving...">
      <TextField
        meta={fields.displayName}
        label="Display name"
        hint="How the inbox's history and the audit log name you. Empty: your username."
        autoComplete="name"
      />
      <TextField
        meta={fields.email}
        type="email"
        label="Email"
        hint="For password reset links. Nobody outside the shop sees it."
        autoComplete="email"
      />
    </IntentForm>
  );
}
