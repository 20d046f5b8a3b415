import { useEffect, useRef } from "react";
import { LabelledField } from "~/ui/forms/labelled-field";
import { Button } from "~/ui/button";

// The /book form: a plain post that needs no JavaScript, as few questions as the service request
// form, every place left online in one select grouped by day (its words made by the loader). It
// imports no form library and no schema: the page's script stays within the form pages' budget.

/** One day's group of the place select: its label, and each place's value and words. */
export type PlaceGroup = { label: string; options: { value: string; label: string }[] };

// The shared fields' look (app/ui/forms/fields.tsx), without that module's form library.
const controlClasses =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-blue-700 focus:outline-3 focus:outline-blue-600/40";

type Entered = Partial<
  Record<"firstName" | "lastName" | "email" | "phone" | "service" | "vehicle" | "place" | "note", string>
>;

function Input(props: {
  name: keyof Entered;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  entered: Entered;
}) {
  return (
    <LabelledField id={props.name} label={props.label}>
      <input
        id={props.name}
        name={props.name}
        type={props.type ?? "text"}
        required={props.required ?? true}
        autoComplete={props.autoComplete}
        defaultValue={props.entered[props.name] ?? ""}
        className={`${controlClasses} h-11`}
      />
    </LabelledField>
  );
}

/** Tells the shop's counts (docs/decisions/066) that this view of the page was shown, or started. */
function beacon(view: string, event: "shown" | "started") {
  navigator.sendBeacon("/api/booking-views", new URLSearchParams({ view, event }));
}

export function BookOnlineForm({
  places,
  services,
  entered,
  honeypot,
  view,
}: {
  places: PlaceGroup[];
  services: { slug: string; name: string; waiterOk: boolean }[];
  entered: Entered;
  honeypot: string;
  /** This view's id (no cookie): posted with the form, sent by the beacon. */
  view: string;
}) {
  const started = useRef(false);
  useEffect(() => beacon(view, "shown"), [view]);
  const onInput = () => {
    if (started.current) return;
    started.current = true;
    beacon(view, "started");
  };
  return (
    <form method="post" className="relative grid gap-5" onInput={onInput}>
      <input type="hidden" name="view" value={view} />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${honeypot}-field`}>Leave this field empty</label>
        <input id={`${honeypot}-field`} type="text" name={honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Input name="firstName" label="First name" autoComplete="given-name" entered={entered} />
        <Input name="lastName" label="Last name" autoComplete="family-name" entered={entered} />
        <Input name="email" label="Email" type="email" autoComplete="email" entered={entered} />
        <Input name="phone" label="Phone" type="tel" autoComplete="tel" entered={entered} />
      </div>
      <LabelledField id="service" label="Service">
        <select
          id="service"
          name="service"
          required
          defaultValue={entered.service ?? ""}
          className={`${controlClasses} h-11`}
        >
          <option value="" disabled>
            Choose a service
          </option>
          {services.map((service) => (
            <option key={service.slug} value={service.slug}>
              {service.waiterOk ? service.name : `${service.name} (drop-off only)`}
            </option>
          ))}
        </select>
      </LabelledField>
      <Input name="vehicle" label="Vehicle (optional)" required={false} entered={entered} />
      <LabelledField
        id="place"
        label="Day and time"
        hint="Drop off in the morning and pick up when it's ready, or wait while we work."
      >
        <select
          id="place"
          name="place"
          required
          defaultValue={entered.place ?? ""}
          aria-describedby="place-hint"
          className={`${controlClasses} h-11`}
        >
          <option value="" disabled>
            Choose a day and time
          </option>
          {places.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </LabelledField>
      <LabelledField id="note" label="Anything we should know? (optional)">
        <textarea
          id="note"
          name="note"
          rows={3}
          maxLength={500}
          defaultValue={entered.note ?? ""}
          className={controlClasses}
        />
      </LabelledField>
      <div>
        <Button type="submit" size="lg">
          Book
        </Button>
      </div>
    </form>
  );
}
