import type { Submission } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { ValidatedFormName, ValidationContext } from "~/features/submissions/validators";
import { weeklyOnlySchedule } from "~/hours/shop-schedule";

type Validate<Fields> = (formData: FormData, context: ValidationContext) => Submission<Fields, string[]>;

/**
 * Client-side validation with the form's zod schema, loaded once the form has hydrated: zod
 * is larger than all the rest of a form page's own code, and the page paints and hydrates
 * without it. Until it arrives (or if it never does) the form validates on submit only, on
 * the server, exactly as it does without JavaScript.
 */
export function useDeferredValidation<Fields>(
  name: ValidatedFormName,
  { shouldValidate, context }: { shouldValidate: "onBlur" | "onSubmit"; context?: Partial<ValidationContext> },
) {
  const schedule = context?.schedule ?? weeklyOnlySchedule;
  const serviceValues = context?.serviceValues;
  const [validate, setValidate] = useState<Validate<Fields>>();

  useEffect(() => {
    let mounted = true;
    import("~/features/submissions/validators").then(
      ({ validators }) => mounted && setValidate(() => validators[name] as unknown as Validate<Fields>),
      // Offline or a stale deploy: the server still validates every submission.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [name]);

  return {
    validationReady: validate !== undefined,
    validationOptions: validate
      ? {
          shouldValidate,
          shouldRevalidate: "onInput" as const,
          onValidate: ({ formData }: { formData: FormData }) => validate(formData, { schedule, serviceValues }),
        }
      : { shouldValidate: "onSubmit" as const, shouldRevalidate: "onSubmit" as const },
  };
}
