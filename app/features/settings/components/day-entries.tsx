import type { FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { TextField } from "~/ui/forms/fields";
import { calendarDateFormat, formatClockTime } from "~/hours/shop-calendar";
import type { SettingsPageData } from "~/features/settings/server/settings-page.server";
import {
  RemoveByDate,
  type SettingsActionData,
  SettingsForm,
  SettingsSection,
  useSettingsForm,
} from "./settings-form-parts";
import type { SettingsIntent } from "./settings-intents";

// Closure days and special hours: each a form to add one date, the upcoming ones with Remove, and
// the past ones kept as history.

const longDate = calendarDateFormat({ weekday: "long", month: "long", day: "numeric", year: "numeric" });

type Bounds = { today: string; latestDate: string };

export function ClosuresSection({
  closures,
  bounds,
  actionData,
}: {
  closures: SettingsPageData["closures"];
  bounds: Bounds;
  actionData: SettingsActionData;
}) {
  const [form, fields] = useSettingsForm<{ date: string; reason: string }>("closure.add", actionData);
  return (
    <DayEntriesSection
      id="closures"
      title="Closure days"
      intro="A day the shop is closed (a snow day, a family event). Visitors read the reason, and the service request form refuses that day."
      form={form}
      add={{ intent: "closure.add", label: "Add closure day" }}
      remove={{ intent: "closure.remove", label: "the closure" }}
      list={{
        title: "Upcoming closure days",
        empty: "No closure days added. The holidays you tick below close the shop too.",
      }}
      days={closures}
      text={(closure) => closure.reason}
    >
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <DateField meta={fields.date} bounds={bounds} />
        <TextField meta={fields.reason} label="Reason visitors read" hint="For example: Closed for snow" />
      </div>
    </DayEntriesSection>
  );
}

export function SpecialHoursSection({
  specialHours,
  bounds,
  actionData,
}: {
  specialHours: SettingsPageData["specialHours"];
  bounds: Bounds;
  actionData: SettingsActionData;
}) {
  const [form, fields] = useSettingsForm<{ date: string; opens: string; closes: string; reason: string }>(
    "special-hours.add",
    actionData,
  );
  return (
    <DayEntriesSection
      id="special-hours"
      title="Special hours"
      intro="Other hours for one day, for example December 24, 8:00 AM to 12:00 PM, Christmas Eve."
      form={form}
      add={{ intent: "special-hours.add", label: "Add special hours" }}
      remove={{ intent: "special-hours.remove", label: "the special hours" }}
      list={{ title: "Upcoming special hours", empty: "No special hours set." }}
      days={specialHours}
      text={(entry) => `${formatClockTime(entry.opens)} - ${formatClockTime(entry.closes)}: ${entry.reason}`}
    >
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[12rem_8rem_8rem_1fr]">
        <div className="col-span-2 sm:col-span-1">
          <DateField meta={fields.date} bounds={bounds} />
        </div>
        <TextField meta={fields.opens} type="time" label="Opens" />
        <TextField meta={fields.closes} type="time" label="Closes" />
        <div className="col-span-2 sm:col-span-1">
          <TextField meta={fields.reason} label="Reason visitors read" hint="For example: Christmas Eve" />
        </div>
      </div>
    </DayEntriesSection>
  );
}

type Day = { date: string };

/** A section of dated entries: the form that adds one, the upcoming ones with Remove, the past ones. */
function DayEntriesSection<Fields extends Record<string, unknown>, Entry extends Day>({
  id,
  title,
  intro,
  form,
  add,
  remove,
  list,
  days,
  text,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  form: FormMetadata<Fields, string[]>;
  add: { intent: SettingsIntent; label: string };
  /** The remove forms' intent, and what their button's accessible name calls the entry. */
  remove: { intent: SettingsIntent; label: string };
  list: { title: string; empty: string };
  days: { upcoming: Entry[]; past: Entry[] };
  text: (entry: Entry) => string;
  children: ReactNode;
}) {
  return (
    <SettingsSection id={id} title={title} intro={intro}>
      <SettingsForm form={form} intent={add.intent} submitLabel={add.label}>
        {children}
      </SettingsForm>
      <EntryList
        title={list.title}
        empty={list.empty}
        entries={days.upcoming.map((entry) => ({
          date: entry.date,
          text: text(entry),
          remove: (
            <RemoveByDate
              intent={remove.intent}
              date={entry.date}
              label={`Remove ${remove.label} on ${longDate(entry.date)}`}
            />
          ),
        }))}
      />
      <History entries={days.past.map((entry) => ({ date: entry.date, text: text(entry) }))} />
    </SettingsSection>
  );
}

function DateField({ meta, bounds }: { meta: Parameters<typeof TextField>[0]["meta"]; bounds: Bounds }) {
  return <TextField meta={meta} type="date" label="Date" min={bounds.today} max={bounds.latestDate} />;
}

type Entry = { date: string; text: string; remove?: ReactNode };

function EntryList({ title, empty, entries }: { title: string; empty: string; entries: Entry[] }) {
  return (
    <div className="mt-6">
      <h3 className="font-semibold text-blue-950">{title}</h3>
      {entries.length ? (
        <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
          {entries.map((entry) => (
            <li key={entry.date} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                <time dateTime={entry.date} className="block font-semibold text-slate-900">
                  {longDate(entry.date)}
                </time>
                <span className="text-sm text-slate-700">{entry.text}</span>
              </span>
              {entry.remove}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      )}
    </div>
  );
}

function History({ entries }: { entries: Entry[] }) {
  if (!entries.length) return null;
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm font-semibold text-blue-800">Past days ({entries.length})</summary>
      <ul className="mt-2 grid gap-1 text-sm text-slate-700">
        {entries.map((entry) => (
          <li key={entry.date}>
            <time dateTime={entry.date}>{longDate(entry.date)}</time>: {entry.text}
          </li>
        ))}
      </ul>
    </details>
  );
}
