import type { ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { buttonClasses } from "~/ui/button";
import { controlClasses, SelectOptions } from "~/ui/forms/fields";
import { exportUrl, type InboxListState } from "~/features/inbox/list-params";
import type { DeskMember } from "~/features/desk/desk";
import { SUBMISSION_STATUSES, statusLabels, type SubmissionStatus } from "~/records/statuses";

/** The status filter's choices; the first is the inbox's default (records someone must act on). */
const statusFilters: { label: string; statuses: readonly SubmissionStatus[] }[] = [
  { label: "Open (new and contacted)", statuses: ["new", "contacted"] },
  { label: "New", statuses: ["new"] },
  { label: "Contacted", statuses: ["contacted"] },
  { label: "Closed", statuses: ["closed"] },
  { label: "Spam", statuses: ["spam"] },
  { label: "All, spam included", statuses: SUBMISSION_STATUSES },
];

const filterValue = (statuses: readonly SubmissionStatus[]) =>
  statuses.length === SUBMISSION_STATUSES.length ? "all" : statuses.join(",");

/** The label of a filter, also for a combination typed into the address bar. */
export function filterLabel(statuses: readonly SubmissionStatus[]): string {
  const value = filterValue(statuses);
  return (
    statusFilters.find((filter) => filterValue(filter.statuses) === value)?.label ??
    statuses.map((status) => statusLabels[status]).join(", ")
  );
}

/**
 * Search and status filter for the open tab (a GET form: the address says what is shown, and it
 * works without JavaScript), and the CSV export of exactly that.
 */
export function InboxToolbar({ list, members }: { list: InboxListState; members: readonly DeskMember[] }) {
  const submit = useSubmit();
  const current = filterValue(list.statuses);
  const known = statusFilters.some((filter) => filterValue(filter.statuses) === current);
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between lg:gap-2">
      <Form
        method="get"
        action="/incoming"
        role="search"
        className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end lg:gap-2"
      >
        {list.kind === "serviceRequest" ? <input type="hidden" name="tab" value="service-requests" /> : null}
        <ToolbarField id="inbox-search" label="Search" className="sm:w-72 lg:w-60">
          <input
            id="inbox-search"
            type="search"
            name="q"
            defaultValue={list.q}
            maxLength={200}
            placeholder="Name, email, phone or message"
            className={toolbarControlClasses}
          />
        </ToolbarField>
        <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap lg:gap-2">
          <ToolbarField id="inbox-status" label="Status" className="min-w-0 sm:w-56 lg:w-52">
            <select
              id="inbox-status"
              name="status"
              defaultValue={current}
              // With JavaScript a new choice applies at once; without, the Search button sends it.
              onChange={(event) => void submit(event.currentTarget.form)}
              className={toolbarControlClasses}
            >
              {statusFilters.map((filter) => (
                <option key={filter.label} value={filterValue(filter.statuses)}>
                  {filter.label}
                </option>
              ))}
              {known ? null : <option value={current}>{filterLabel(list.statuses)}</option>}
            </select>
          </ToolbarField>
          <ToolbarField id="inbox-assignee" label="Assigned to" className="min-w-0 sm:w-44">
            <select
              id="inbox-assignee"
              name="assignee"
              defaultValue={list.assignee ?? ""}
              onChange={(event) => void submit(event.currentTarget.form)}
              className={toolbarControlClasses}
            >
              <option value="">Anyone</option>
              <option value="me">Me</option>
              <option value="none">Nobody</option>
              <SelectOptions options={members.map(({ username, name }) => ({ value: username, label: name }))} />
              {list.assignee &&
              !["me", "none"].includes(list.assignee) &&
              !members.some((m) => m.username === list.assignee) ? (
                <option value={list.assignee}>{list.assignee}</option>
              ) : null}
            </select>
          </ToolbarField>
          <FilterCheckbox name="due" checked={list.due} label="Due: call back today" />
          <FilterCheckbox name="replied" checked={list.replied} label="Replied: waiting on us" />
          <button type="submit" className={`${buttonClasses({ variant: "dark" })} h-11 justify-self-end lg:h-9`}>
            Search
          </button>
        </div>
      </Form>
      {/* A download, not a page: a plain link, so the router leaves it to the browser. No `download`
          attribute: the answer says `attachment` itself, and when it is the page that asks for the
          second factor again (docs/decisions/035-second-factor.md), the browser shows it. */}
      <a
        href={exportUrl(list)}
        className={`${buttonClasses({ variant: "secondary" })} h-11 self-start lg:h-9 lg:self-auto`}
      >
        Export CSV
      </a>
    </div>
  );
}

/** The toolbar's boxes: as tall as a finger on a phone, compact on a desk. */
const toolbarControlClasses = `${controlClasses} h-11 lg:h-9 lg:py-1 lg:text-sm`;

/** A search box or a choice of the toolbar, under its label. */
function ToolbarField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A yes/no filter of the list: applied as soon as it changes, or with the Search button without JavaScript. */
function FilterCheckbox({ name, checked, label }: { name: string; checked?: boolean; label: string }) {
  const submit = useSubmit();
  return (
    <label className="flex h-11 items-center gap-2 text-sm font-semibold text-slate-800 lg:h-9">
      <input
        type="checkbox"
        name={name}
        value="1"
        defaultChecked={checked}
        onChange={(event) => void submit(event.currentTarget.form)}
        className="size-5 accent-blue-900"
      />
      {label}
    </label>
  );
}
