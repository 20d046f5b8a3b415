import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/ui/button";

/** A form's own error (a wrong password, a refused change) above its fields, announced. */
export function FormErrorLine({ form }: { form: { errorId: string; errors?: string[] } }) {
  if (!form.errors?.length) return null;
  return (
    <p id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900">
      {form.errors[0]}
    </p>
  );
}

type IntentFormProps<Schema extends Record<string, unknown>> = {
  form: FormMetadata<Schema, string[]>;
  /** What the page's action does with the post (its `intent` field). */
  intent: string;
  /** The button, and what it says while the post runs. */
  submit: string;
  submitting: string;
  children: ReactNode;
};

/**
 * One of a page's plain forms (each posts its `intent` to the page's action, with or without
 * JavaScript): its error line, its fields, and a button that says what it is doing.
 */
export function IntentForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  submit,
  submitting,
  children,
}: IntentFormProps<Schema>) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <FormErrorLine form={form} />
      {children}
      <Button type="submit" variant="dark" className="justify-self-start" disabled={busy}>
        {busy ? submitting : submit}
      </Button>
    </Form>
  );
}
