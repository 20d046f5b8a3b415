import { controlClasses } from "~/ui/forms/fields";

// The parts the appointments' plain settings forms (capacity, online booking) share: they post as
// they are, without conform, so the server's refusal is one list and each field carries its hint.

/** What the server refused in a plain settings form, listed above its fields. */
export function NothingSavedAlert({ errors, className }: { errors: readonly string[]; className?: string }) {
  return (
    <div role="alert" className={`${className ? `${className} ` : ""}rounded-md bg-red-50 p-3 text-sm text-red-900`}>
      <p className="font-semibold">Nothing was saved:</p>
      <ul className="mt-1 list-disc pl-5">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}

export type HintedNumber = {
  id: string;
  /** The posted name, when it is not the id. */
  name?: string;
  label: string;
  hint: string;
  min: number;
  max: number;
  step?: number;
  /** A phone's number keypad; off where the value may have a decimal point. */
  numericKeypad?: boolean;
};

/** A narrow number box with its label above and its hint between them (read out with the box). */
export function HintedNumberField(props: HintedNumber & { defaultValue: string }) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-semibold text-slate-800">
        {props.label}
      </label>
      <p id={`${props.id}-hint`} className="mt-1 text-sm text-slate-600">
        {props.hint}
      </p>
      <input
        id={props.id}
        name={props.name ?? props.id}
        type="number"
        min={props.min}
        max={props.max}
        step={props.step}
        inputMode={props.numericKeypad === false ? undefined : "numeric"}
        defaultValue={props.defaultValue}
        aria-describedby={`${props.id}-hint`}
        className={`${controlClasses} max-w-32`}
      />
    </div>
  );
}
