import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { TextField } from "~/ui/forms/fields";
import { Button } from "~/ui/button";
import { type ProfileInput, profileSchema } from "~/features/account/schemas";
import { parseFormData } from "~/forms/parse-form";

/** The member's display name and email: a plain form, checked in the browser with the server's schema. */
export function ProfileForm({
  account,
  lastResult,
}: {
  account: { displayName: string | null; email: string | null };
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  const [form, fields] = useForm<ProfileInput>({
    id: "profile",
    lastResult,
    defaultValue: { displayName: account.displayName ?? "", email: account.email ?? "" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseFormData(formData, profileSchema),
  });
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="profile" />
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900">
          {form.errors[0]}
        </p>
      ) : null}
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
      <Button type="submit" variant="dark" className="justify-self-start" disabled={saving}>
        {saving ? "Saving..." : "Save name and email"}
      </Button>
    </Form>
  );
}
