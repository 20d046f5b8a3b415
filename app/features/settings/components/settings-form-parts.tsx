import {
  type DefaultValue,
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  getInputProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button, SaveButton } from "~/ui/button";
import { Card } from "~/ui/card";
import type { SettingsIntent } from "./settings-intents";

// The pieces every form of the settings page shares: a section with its heading, a form that
// posts its intent (a plain HTML post without JavaScript, a fetch with it), and conform wired to
// the server's answer. The server validates; the page shows its messages next to each field.

/** The settings action's refusal: which form it answers, and conform's reply with the owner's input. */
export type SettingsActionData = { intent: SettingsIntent; result: SubmissionResult<string[]> } | undefined;

export function SettingsSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <Card className="p-4 sm:p-6">
        <h2 id={`${id}-heading`} className="text-xl font-bold text-blue-950">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{intro}</p>
        <div className="mt-4">{children}</div>
      </Card>
    </section>
  );
}

/** conform for one settings form: the server's last answer when it was for this form. */
export function useSettingsForm<Fields extends Record<string, unknown>>(
  intent: SettingsIntent,
  actionData: SettingsActionData,
  defaultValue?: DefaultValue<Fields>,
) {
  return useForm<Fields>({
    id: `settings-${intent.replace(".", "-")}`,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    defaultValue,
    shouldValidate: "onSubmit",
  });
}

/**
 * A section that is one form: its id is the form's intent, and it owns the form's conform state,
 * so that the intent it posts and the server's answer it shows are the same one.
 */
export function SettingsFormSection<Fields extends Record<string, unknown>>({
  intent,
  id = intent,
  title,
  intro,
  submitLabel,
  actionData,
  defaultValue,
  children,
  after,
}: {
  intent: SettingsIntent;
  /** The section's anchor, when it is not the form's intent. */
  id?: string;
  title: string;
  intro: ReactNode;
  submitLabel: string;
  actionData: SettingsActionData;
  defaultValue?: DefaultValue<Fields>;
  children: (fields: ReturnType<typeof useSettingsForm<Fields>>[1]) => ReactNode;
  /** What the section shows below its form. */
  after?: ReactNode;
}) {
  const [form, fields] = useSettingsForm<Fields>(intent, actionData, defaultValue);
  return (
    <SettingsSection id={id} title={title} intro={intro}>
      <SettingsForm form={form} intent={intent} submitLabel={submitLabel}>
        {children(fields)}
      </SettingsForm>
      {after}
    </SettingsSection>
  );
}

export function SettingsForm<Fields extends Record<string, unknown>>({
  form,
  intent,
  submitLabel,
  children,
}: {
  form: FormMetadata<Fields, string[]>;
  intent: SettingsIntent;
  submitLabel: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
      <SaveButton busy={busy} label={submitLabel} />
    </Form>
  );
}

export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** A tick box with its label beside it, and its field's messages under it. */
export function CheckboxField({
  meta,
  label,
  value,
}: {
  meta: FieldMetadata<unknown>;
  label: ReactNode;
  value?: string;
}) {
  const { key, ...input } = getInputProps(meta, { type: "checkbox", value: value ?? "on" });
  return (
    <div>
      <label htmlFor={input.id} className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
        <input key={key} {...input} className="size-4 shrink-0 accent-blue-800" />
        {label}
      </label>
      <FormErrors errors={meta.errors} />
    </div>
  );
}

/** A small form with one button that removes an entry by its date. */
export function RemoveByDate({ intent, date, label }: { intent: SettingsIntent; date: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="date" value={date} />
      <Button type="submit" variant="secondary" size="sm" aria-label={label}>
        Remove
      </Button>
    </Form>
  );
}
