import { Form } from "react-router";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { MAX_HORIZON_DAYS, MAX_NOTICE_HOURS, type OnlineBookingRules } from "../online/online-rules";
import type { OnlineEntered } from "../server/online/online-settings-form.server";
import { type HintedNumber, HintedNumberField, NothingSavedAlert } from "./settings-fields";

// The owner's rules for /book on the capacity page (docs/decisions/064): a plain post with its
// intent, so it works without JavaScript.

// The rules that are a number, in the form's order; each field's id is the rule's name.
const numberRules: readonly (HintedNumber & { id: "onlineShare" | "minNoticeHours" | "horizonDays" })[] = [
  {
    id: "onlineShare",
    label: "Share of places online bookings may take (%)",
    hint: "Of each day's drop-offs and of each waiter slot, rounded down. You can still book the rest yourself.",
    min: 0,
    max: 100,
  },
  {
    id: "minNoticeHours",
    label: "Minimum notice (hours)",
    hint: "How long before its time a place can still be booked online.",
    min: 0,
    max: MAX_NOTICE_HOURS,
  },
  {
    id: "horizonDays",
    label: "How far ahead (days)",
    hint: "The last day customers can book online, counted from today.",
    min: 1,
    max: MAX_HORIZON_DAYS,
  },
];

export function OnlineBookingForm({
  rules,
  refusal,
}: {
  rules: OnlineBookingRules;
  refusal: { errors: string[]; entered: OnlineEntered } | null;
}) {
  const shown = refusal?.entered ?? {
    enabled: rules.enabled,
    onlineShare: String(rules.onlineShare),
    minNoticeHours: String(rules.minNoticeHours),
    horizonDays: String(rules.horizonDays),
    mode: rules.mode,
  };
  return (
    <Card className="p-4 sm:p-6">
      <h2 id="online-booking" className="text-xl font-bold text-blue-950">
        Online booking
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Customers book themselves at <a href="/book">/book</a>, from the places above that are left, on the days the
        shop opens (closures and holidays are never offered).
      </p>
      <Form method="post" className="mt-3 grid gap-4" aria-labelledby="online-booking">
        <input type="hidden" name="intent" value="online-booking" />
        {refusal ? <NothingSavedAlert errors={refusal.errors} /> : null}
        <label htmlFor="enabled" className="flex cursor-pointer items-start gap-3 font-semibold text-slate-800">
          <input
            id="enabled"
            name="enabled"
            type="checkbox"
            defaultChecked={shown.enabled}
            className="mt-1 size-5 shrink-0 accent-blue-800"
          />
          Let customers book online
        </label>
        {numberRules.map((field) => (
          <HintedNumberField key={field.id} {...field} defaultValue={shown[field.id]} />
        ))}
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">An online booking is</legend>
          {(
            [
              ["confirm", "Confirmed at once (the customer gets the confirmation and calendar file)"],
              ["request", "A request that waits for you to confirm it"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="mt-2 flex items-start gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="mode"
                value={value}
                defaultChecked={shown.mode === value}
                className="mt-0.5 size-4 accent-blue-800"
              />
              {label}
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit">Save online booking</Button>
        </div>
      </Form>
    </Card>
  );
}
