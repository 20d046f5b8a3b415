import type { ReactNode } from "react";
import { calendarDateFormat } from "~/hours/shop-calendar";
import { Button } from "~/ui/button";
import { controlClasses, HoneypotField } from "~/ui/forms/fields";
import { formatSlotTime, placeOptionValue } from "../capacity";
import type { OnlineDay } from "../server/online/online-openings.server";

// The /book form: a plain post that needs no JavaScript (the page ships none), as few questions as
// the service request form, every place left online in one select grouped by day.

const spelled = calendarDateFormat({ weekday: "short", month: "short", day: "numeric" });

type Entered = Partial<
  Record<"firstName" | "lastName" | "email" | "phone" | "service" | "vehicle" | "place" | "note", string>
>;

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}

function Input(props: {
  name: keyof Entered;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  entered: Entered;
}) {
  return (
    <Field id={props.name} label={props.label}>
      <input
        id={props.name}
        name={props.name}
        type={props.type ?? "text"}
        required={props.required ?? true}
        autoComplete={props.autoComplete}
        defaultValue={props.entered[props.name] ?? ""}
        className={`${controlClasses} h-11`}
      />
    </Field>
  );
}

export function BookOnlineForm({
  days,
  services,
  entered,
  honeypot,
}: {
  days: OnlineDay[];
  services: { slug: string; name: string; waiterOk: boolean }[];
  entered: Entered;
  honeypot: string;
}) {
  return (
    <form method="post" className="relative grid gap-5">
      <HoneypotField name={honeypot} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Input name="firstName" label="First name" autoComplete="given-name" entered={entered} />
        <Input name="lastName" label="Last name" autoComplete="family-name" entered={entered} />
        <Input name="email" label="Email" type="email" autoComplete="email" entered={entered} />
        <Input name="phone" label="Phone" type="tel" autoComplete="tel" entered={entered} />
      </div>
      <Field id="service" label="Service">
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
      </Field>
      <Input name="vehicle" label="Vehicle (optional)" required={false} entered={entered} />
      <Field
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
          {days.map((day) => (
            <optgroup key={day.date} label={spelled(day.date)}>
              {day.dropOff.free > 0 ? (
                <option value={placeOptionValue(day.date, "drop-off", null)}>{`${spelled(day.date)}: drop-off`}</option>
              ) : null}
              {day.waiter.map((slot) => (
                <option key={slot.time} value={placeOptionValue(day.date, "waiter", slot.time)}>
                  {`${spelled(day.date)}: wait, ${formatSlotTime(slot.time)}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </Field>
      <Field id="note" label="Anything we should know? (optional)">
        <textarea
          id="note"
          name="note"
          rows={3}
          maxLength={500}
          defaultValue={entered.note ?? ""}
          className={controlClasses}
        />
      </Field>
      <div>
        <Button type="submit" size="lg">
          Book
        </Button>
      </div>
    </form>
  );
}
