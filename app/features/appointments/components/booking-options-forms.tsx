import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { controlClasses } from "~/ui/forms/fields";
import { type BookingOptions, REVIEW_URL_MAX } from "../booking-options";

// The owner's two appointment switches, each its own form on the capacity page (plain posts with
// an intent; docs/decisions/049): booking new requests on arrival, and the review request.

/** A refused form: which one, why, and what the owner sent (shown again). */
export type OptionsRefusal = {
  intent: "confirm-on-arrival" | "review-requests";
  message: string;
  reviewUrl?: string;
  reviewRequestsOn?: boolean;
};

function Refused({ refusal, intent }: { refusal: OptionsRefusal | null; intent: OptionsRefusal["intent"] }) {
  if (refusal?.intent !== intent) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
      <span className="font-semibold">Nothing was saved:</span> {refusal.message}
    </p>
  );
}

function Switch({ name, label, hint, checked }: { name: string; label: string; hint: string; checked: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={name}
        name={name}
        type="checkbox"
        defaultChecked={checked}
        aria-describedby={`${name}-hint`}
        className="mt-1 size-5 shrink-0 accent-blue-800"
      />
      <div>
        <label htmlFor={name} className="font-semibold text-slate-800">
          {label}
        </label>
        <p id={`${name}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** One switch's card: its heading, a plain post with its intent, its refusal, what it holds and its button. */
function OptionForm({
  intent,
  title,
  refusal,
  submitLabel,
  children,
}: {
  intent: OptionsRefusal["intent"];
  title: string;
  refusal: OptionsRefusal | null;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 id={intent} className="text-xl font-bold text-blue-950">
        {title}
      </h2>
      <Form method="post" className="mt-3 grid gap-4" aria-labelledby={intent}>
        <input type="hidden" name="intent" value={intent} />
        <Refused refusal={refusal} intent={intent} />
        {children}
        <div>
          <Button type="submit">{submitLabel}</Button>
        </div>
      </Form>
    </Card>
  );
}

export function ConfirmOnArrivalForm({
  options,
  refusal,
}: {
  options: BookingOptions;
  refusal: OptionsRefusal | null;
}) {
  return (
    <OptionForm intent="confirm-on-arrival" title="Book new requests on arrival" refusal={refusal} submitLabel="Save">
      <Switch
        name="confirmOnArrival"
        label="Book a drop-off at once when the preferred day has room"
        hint="The visitor is told it is booked and gets the confirmation with the calendar file. Requests without a preferred day, or whose day is full or closed, wait for you as today."
        checked={options.confirmOnArrival}
      />
    </OptionForm>
  );
}

export function ReviewRequestForm({ options, refusal }: { options: BookingOptions; refusal: OptionsRefusal | null }) {
  const sent = refusal?.intent === "review-requests" ? refusal : null;
  const entered = sent?.reviewUrl;
  return (
    <OptionForm
      intent="review-requests"
      title="Ask for a review after the job"
      refusal={refusal}
      submitLabel="Save review request"
    >
      <Switch
        name="reviewRequestsOn"
        label="Email a review request when an appointment is marked done"
        hint="Every customer whose job is done is asked, at most once a year per email address; never after a no-show or a cancellation. Review rules forbid choosing who is asked."
        checked={sent?.reviewRequestsOn ?? options.reviewRequestsOn}
      />
      <div>
        <label htmlFor="reviewUrl" className="block text-sm font-semibold text-slate-800">
          Review link
        </label>
        <p id="reviewUrl-hint" className="mt-1 text-sm text-slate-600">
          The https:// address where customers write a review (your Google Business Profile's review link).
        </p>
        <input
          id="reviewUrl"
          name="reviewUrl"
          type="url"
          inputMode="url"
          maxLength={REVIEW_URL_MAX}
          defaultValue={entered ?? options.reviewUrl ?? ""}
          aria-describedby="reviewUrl-hint"
          aria-invalid={entered !== undefined ? true : undefined}
          className={controlClasses}
        />
      </div>
    </OptionForm>
  );
}
