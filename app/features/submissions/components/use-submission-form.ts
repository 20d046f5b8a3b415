import { type DefaultValue, type FieldMetadata, type SubmissionResult, useForm } from "@conform-to/react";
import type { InboxKind } from "~/records/kinds";
import type { RequestChoice } from "~/content/services";
import { useEffect } from "react";
import { useNavigation } from "react-router";
import { showToast } from "~/ui/toast/toast-store";
import { INVALID_MESSAGE, submissionMessages } from "~/features/submissions/submission-messages";
import type { FormConstraint } from "~/features/submissions/validators";
import { useShopHours } from "~/hours/use-shop-hours";
import { useDeferredValidation } from "./use-deferred-validation";

/** What a field component takes from the form: the field's metadata, and whether it takes the cursor. */
export type FieldProps = { meta: FieldMetadata<unknown>; autoFocus: boolean };

export type SubmissionFormProps<Fields extends Record<string, unknown> = Record<string, unknown>> = {
  submissionId: string;
  /** From the page's loader: the schema's HTML constraints, without shipping zod. */
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  /** Values the form starts with (the service a service page sent the visitor here for). */
  defaultValue?: DefaultValue<Fields>;
  /** The service request's choices as of the page's rendering (the owners' catalog). */
  serviceChoices?: readonly RequestChoice[];
};

/**
 * Conform wiring shared by the public forms: the same zod schema validates on the server and,
 * once its code has loaded, in the browser; a failed server answer keeps the visitor's input,
 * shows the destructive toast and moves focus to the first field that needs attention.
 */
export function useSubmissionForm<Fields extends Record<string, unknown>>(
  name: InboxKind,
  { submissionId, constraint, lastResult, defaultValue, serviceChoices }: SubmissionFormProps<Fields>,
) {
  // The shop's schedule as the page was rendered with it: the preferred date's rules read it.
  const schedule = useShopHours()?.schedule;
  const { validationReady, validationOptions } = useDeferredValidation<Fields>(name, {
    shouldValidate: "onBlur",
    context: { schedule, serviceValues: serviceChoices?.map((choice) => choice.value) },
  });
  const [form, fields] = useForm<Fields>({
    // Distinct from the page sections that hold the forms (#contact-form, #request-service).
    id: `form-${name}`,
    lastResult,
    constraint,
    defaultValue,
    ...validationOptions,
  });

  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("submissionId") === submissionId;

  useEffect(() => {
    if (lastResult?.status !== "error") return;
    const formErrors = lastResult.error?.[""] ?? [];
    const { failure } = submissionMessages[name];
    showToast({
      variant: "destructive",
      title: failure.title,
      description: formErrors[0] ?? (lastResult.error ? INVALID_MESSAGE : failure.description),
    });
    document.getElementById(form.id)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [lastResult, name, form.id]);

  // Without JavaScript the server's answer is a new page: autofocus puts the cursor in the
  // first field with an error (the constraint lists the fields in the schema's order).
  const firstInvalidField = Object.keys(constraint).find((key) => lastResult?.error?.[key]?.length);
  const fieldProps = (name: keyof Fields & string): FieldProps => ({
    meta: fields[name],
    autoFocus: firstInvalidField === name,
  });

  return { form, fieldProps, busy, validationReady };
}
