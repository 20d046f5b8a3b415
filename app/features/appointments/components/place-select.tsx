import { calendarDateFormat } from "~/hours/shop-calendar";
import { controlClasses } from "~/ui/forms/fields";
import { LabelledField } from "~/ui/forms/labelled-field";
import { type DayOpenings, formatSlotTime, placeOptionValue } from "../capacity";

// One select of every place with room, grouped by day: it works without JavaScript (a plain form
// cannot offer times that depend on the day chosen), and offers nothing that is full.

const spelled = calendarDateFormat({ weekday: "short", month: "short", day: "numeric" });

export function PlaceSelect({
  id,
  days,
  preferredDate,
  label,
}: {
  id: string;
  days: DayOpenings[];
  preferredDate?: string | null;
  label: string;
}) {
  return (
    <LabelledField id={id} label={label}>
      <select id={id} name="place" required className={controlClasses}>
        {days.map((day) => (
          <optgroup
            key={day.date}
            label={`${spelled(day.date)}${day.date === preferredDate ? " (the customer's preferred day)" : ""}`}
          >
            {day.openings.map((opening) => (
              <option
                key={`${opening.kind}${opening.time ?? ""}`}
                value={placeOptionValue(day.date, opening.kind, opening.time)}
              >
                {`${spelled(day.date)}: ${opening.time ? `waiter ${formatSlotTime(opening.time)}` : "drop-off"} (${opening.free} of ${opening.places} free)`}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </LabelledField>
  );
}
