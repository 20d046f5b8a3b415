import type { ReactNode } from "react";
import { TextField } from "~/ui/forms/fields";
import { calendarDateFormat, formatClockTime } from "~/hours/shop-calendar";
import type { SettingsPageData } from "~/features/settings/server/settings-page.server";
import {
  RemoveByDate,
  type SettingsActionData,
  SettingsFormSection,
  type useSettingsForm,
} from "./settings-form-parts";

// Closure days and special hours: each a form to add one date, the upcoming ones with Remove, and
// the past ones kept as history.

const longDate = calendarDateFormat({ weekday: "long", month: "long", day: "numeric", year: "numeric" });

/** Each kind of dated entry and its words on the page; its forms post `<kind>.add` and `<kind>.remove`. */
const DAY_ENTRY_KINDS = {
  closure: {
    section: "closures",
    title: "Closure days",
    intro:
      "A day the shop is closed (a snow day, a family event). Visitors read the reason, and the service request form refuses that day.",
    add: "Add closure day",
    /** What the Remove buttons' accessible names call the entry. */
    entry: "the closure",
    upcoming: "Upcoming closure days",
    empty: "No closure days added. The holidays you tick below close the shop too.",
  },
  "special-hours": {
    section: "special-hours",
    title: "Special hours",
    intro: "Other hours for one day, for example December 24, 8:00 AM to 12:00 PM, Christmas Eve.",
    add: "Add special hours",
    entry: "the special hours",
    upcoming: "Upcoming special hours",
    empty: "No special hours set.",
  },
} as const;

type DayEntryKind = keyof typeof DAY_ENTRY_KINDS;

type Bounds = { today: string; latestDate: string };
type Closure = SettingsPageData["closures"]["upcoming"][number];
type SpecialHours = SettingsPageData["specialHours"]["upcoming"][number];

export function ClosuresSection({
  closures,
  bounds,
  actionData,
}: {
  closures: SettingsPageData["closures"];
  bounds: Bounds;
  actionData: SettingsActionData;
}) {
  return (
    <DayEntriesSection<{ date: string; reason: string }, Closure>
      kind="closure"
      days={closures}
      text={(closure) => closure.reason}
      actionData={actionData}
    >
      {(fields) => (
        <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
          <DateField meta={fields.date} bounds={bounds} />
          <TextField meta={fields.reason} label="Reason visitors read" hint="For example: Closed for snow" />
        </div>
      )}
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
  return (
    <DayEntriesSection<{ date: string; opens: string; closes: string; reason: string }, SpecialHours>
      kind="special-hours"
      days={specialHours}
      text={(entry) => `${formatClockTime(entry.opens)} - ${formatClockTime(entry.closes)}: ${entry.reason}`}
      actionData={actionData}
    >
      {(fields) => (
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
      )}
    </DayEntriesSection>
  );
}

/**
 * A section of dated entries of one kind: the form that adds one, the upcoming ones with Remove,
 * the past ones. It owns the add form, so that its intent and the server's answer it shows are one.
 */
function DayEntriesSection<Fields extends Record<string, unknown>, Entry extends { date: string }>({
  kind,
  days,
  text,
  actionData,
  children,
}: {
  kind: DayEntryKind;
  days: { upcoming: Entry[]; past: Entry[] };
  text: (entry: Entry) => string;
  actionData: SettingsActionData;
  children: (fields: ReturnType<typeof useSettingsForm<Fields>>[1]) => ReactNode;
}) {
  const words = DAY_ENTRY_KINDS[kind];
  const after = (
    <>
      <EntryList
        title={words.upcoming}
        empty={words.empty}
        entries={days.upcoming.map((entry) => ({
          date: entry.date,
          text: text(entry),
          remove: (
            <RemoveByDate
              intent={`${kind}.remove`}
              date={entry.date}
              label={`Remove ${words.entry} on ${longDate(entry.date)}`}
            />
          ),
        }))}
      />
      <History entries={days.past.map((entry) => ({ date: entry.date, text: text(entry) }))} />
    </>
  );
  return (
    <SettingsFormSection<Fields>
      intent={`${kind}.add`}
      id={words.section}
      title={words.title}
      intro={words.intro}
      submitLabel={words.add}
      actionData={actionData}
      after={after}
    >
      {children}
    </SettingsFormSection>
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
