import { TextField } from "~/ui/forms/fields";
import type { SettingsPageData } from "~/features/settings/server/settings-page.server";
import { CheckboxField, type SettingsActionData, SettingsFormSection } from "./settings-form-parts";

type WeeklyFields = {
  weekly: { day: string; closed?: string; opens?: string; closes?: string }[];
  confirmNoOpenDay?: string;
};

/** Each day's opening and closing time, or closed. */
export function WeeklyHoursForm({
  days,
  actionData,
}: {
  days: SettingsPageData["weekly"];
  actionData: SettingsActionData;
}) {
  return (
    <SettingsFormSection<WeeklyFields>
      intent="weekly-hours"
      title="Weekly hours"
      intro="The hours the shop keeps each week. The website, Google and the service request form follow them."
      submitLabel="Save weekly hours"
      actionData={actionData}
      defaultValue={{
        weekly: days.map((day) => ({
          day: day.id,
          closed: day.closed ? "on" : undefined,
          opens: day.opens,
          closes: day.closes,
        })),
      }}
    >
      {(fields) => (
        <>
          <ul className="grid gap-3">
            {fields.weekly.getFieldList().map((entry, index) => {
              const day = entry.getFieldset();
              const label = days[index]?.label ?? "";
              return (
                <li key={entry.key}>
                  <fieldset className="rounded-md border border-slate-200 p-3">
                    <legend className="px-1 font-semibold text-blue-950">{label}</legend>
                    <input type="hidden" name={day.day.name} value={days[index]?.id ?? ""} />
                    <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                      <TextField meta={day.opens} type="time" label={`Opens`} />
                      <TextField meta={day.closes} type="time" label={`Closes`} />
                      <div className="col-span-2 sm:col-span-1 sm:pb-2">
                        <CheckboxField meta={day.closed} label={`Closed all day on ${label}s`} />
                      </div>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ul>
          <CheckboxField
            meta={fields.confirmNoOpenDay}
            label="Yes, save it even if every day is closed (the shop would never be open)."
          />
        </>
      )}
    </SettingsFormSection>
  );
}
