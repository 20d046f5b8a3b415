import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { controlClasses, FieldFrame, SelectOptions } from "~/ui/forms/fields";
import { useServerCheckedForm } from "~/ui/forms/use-server-checked-form";
import { Button } from "~/ui/button";
import { roleOptions } from "~/http/staff-roles";

/** Invite someone: a role and an optional email address give a single-use link, valid 72 hours. */
export function InviteForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const inviting = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  const [form, fields] = useServerCheckedForm<{ role: string; email: string }>("invite", lastResult);
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-[10rem_1fr_auto] sm:items-end" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="invite" />
      <FieldFrame meta={fields.role} label="Role">
        <select
          {...getSelectProps(fields.role)}
          key={fields.role.key}
          defaultValue={fields.role.initialValue ?? "staff"}
          className={controlClasses}
        >
          <SelectOptions options={roleOptions} />
        </select>
      </FieldFrame>
      <FieldFrame meta={fields.email} label="Email (optional: the link is emailed there)">
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="off"
          className={controlClasses}
        />
      </FieldFrame>
      <Button type="submit" variant="dark" disabled={inviting} className="sm:mb-px">
        {inviting ? "Making the link..." : "Create invitation link"}
      </Button>
    </Form>
  );
}
