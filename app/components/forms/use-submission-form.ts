import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { showToast } from "~/components/toast/toast-store";
import { INVALID_MESSAGE, submissionMessages, type SubmissionFormName } from "~/forms/submission-messages";

/**
 * Conform wiring shared by the public forms: the same zod schema validates in the browser and
 * on the server; a failed server answer keeps the visitor's input, shows the destructive toast
 * and moves focus to the first field that needs attention.
 */
export function useSubmissionForm<Schema extends z.ZodObject>(
  name: SubmissionFormName,
  schema: Schema,
  { submissionId, lastResult }: { submissionId: string; lastResult?: SubmissionResult<string[]> },
) {
  const [form, fields] = useForm({
    // Distinct from the page sections that hold the forms (#contact-form, #request-service).
    id: `form-${name}`,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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
  // first field with an error.
  const firstInvalidField = Object.keys(schema.shape).find((key) => lastResult?.error?.[key]?.length);

  return { form, fields, busy, firstInvalidField };
}
