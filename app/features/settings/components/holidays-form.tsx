import { getCollectionProps } from "@conform-to/react";
import { calendarDateFormat } from "~/hours/shop-calendar";
import type { SettingsPageData } from "~/features/settings/server/settings-page.server";
import { FormErrors, type SettingsActionData, SettingsFormSection } from "./settings-form-parts";

const dayOff = calendarDateFormat({ weekday: "short", month: "short", day: "numeric", year: "numeric" });

/** The federal holidays of this year and the next, each with a tick for "we close". */
export function HolidaysForm({
  years,
  actionData,
}: {
  years: SettingsPageData["holidays"];
  actionData: SettingsActionData;
}) {
  const closed = years[0]?.holidays.filter((holiday) => holiday.closed).map((holiday) => holiday.id) ?? [];
  const ids = years[0]?.holidays.map((holiday) => holiday.id) ?? [];
  return (
    <SettingsFormSection<{ closed: string[] }>
      intent="holidays"
      title="Holidays"
      intro="Tick the federal holidays the shop closes for. A holiday on a Saturday is observed on the Friday before, one on a Sunday on the Monday after. Next year's dates appear on their own."
      submitLabel="Save holidays"
      actionData={actionData}
      defaultValue={{ closed }}
    >
      {(fields) => (
        <>
          <FormErrors errors={fields.closed.errors} />
          <ul className="grid gap-2">
            {getCollectionProps(fields.closed, { type: "checkbox", options: ids }).map(({ key, ...box }, index) => (
              <li key={key} className="rounded-md border border-slate-200 p-3">
                <label htmlFor={box.id} className="flex cursor-pointer items-start gap-3">
                  <input {...box} className="mt-1 size-4 shrink-0 accent-blue-800" />
                  <span>
                    <span className="font-semibold text-blue-950">We close on {years[0]?.holidays[index]?.name}</span>
                    {years.map(({ year, holidays }) => {
                      const holiday = holidays[index];
                      if (!holiday) return null;
                      return (
                        <span key={year} className="block text-sm text-slate-700">
                          {year}: <time dateTime={holiday.observed}>{dayOff(holiday.observed)}</time>
                          {holiday.observed === holiday.date ? "" : " (observed)"}
                        </span>
                      );
                    })}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </SettingsFormSection>
  );
}
