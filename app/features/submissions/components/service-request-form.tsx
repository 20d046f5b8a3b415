import { IconList } from "~/ui/icon-list";
import { CheckIcon } from "~/ui/icons";
import { phoneHref, shop } from "~/content/shop";
import type { ServiceRequestInput } from "~/features/submissions/service-request-schema";
import { SelectField, TextareaField } from "../../../ui/forms/fields";
import { PersonFields, SubmissionFormShell, SubmitButton } from "./submission-form-parts";
import { VehicleFieldset, VisitFieldset } from "./vehicle-visit-fieldsets";
import { type SubmissionFormProps, useSubmissionForm } from "./use-submission-form";

const nextSteps = [
  `We review your request within ${shop.replyWithinHours} hours`,
  "A member of our team calls you",
  "We schedule an appointment time that works for you",
  "You get an upfront estimate before any work begins",
];

export function ServiceRequestForm(props: SubmissionFormProps<ServiceRequestInput>) {
  const { form, fieldProps, busy, validationReady } = useSubmissionForm<ServiceRequestInput>("serviceRequest", props);

  return (
    <SubmissionFormShell name="serviceRequest" form={form} submissionId={props.submissionId} enhanced={validationReady}>
      <PersonFields fieldProps={fieldProps} />
      <SelectField
        {...fieldProps("service")}
        label="Service Needed"
        placeholder="Select a service"
        options={props.serviceChoices ?? []}
      />
      <TextareaField
        {...fieldProps("message")}
        label="Additional Details"
        rows={4}
        hint="What you have noticed, and anything else we should know."
      />
      <VehicleFieldset fieldProps={fieldProps} />
      <VisitFieldset fieldProps={fieldProps} />
      <section aria-labelledby={`${form.id}-next`} className="rounded-lg bg-blue-50 p-4 text-sm text-blue-950">
        <h3 id={`${form.id}-next`} className="font-semibold">
          What happens next?
        </h3>
        <IconList
          items={nextSteps}
          icon={CheckIcon}
          iconClassName="mt-0.5 size-4 shrink-0 text-green-700"
          className="mt-2 grid gap-1.5"
        />
      </section>
      <SubmitButton busy={busy} label="Submit Service Request" busyLabel="Submitting Request..." className="w-full" />
      <p className="text-center text-sm text-slate-700">
        Prefer to talk? Call us at{" "}
        <a href={phoneHref} className="font-semibold text-blue-900 underline">
          {shop.phone.display}
        </a>
        .
      </p>
    </SubmissionFormShell>
  );
}
