import { auditActionLabels, AUDIT_ACTIONS } from "~/features/audit/actions";
import type { auditPeople } from "~/features/audit/server/audit-log-list.server";
import { buttonClasses } from "~/ui/button";
import { controlClasses, SelectOptions } from "~/ui/forms/fields";

type Props = {
  people: Awaited<ReturnType<typeof auditPeople>>;
  person: string | null;
  action: string | null;
};

/** Filters by person and by kind of action: a GET form, so the address says what is shown. */
export function AuditFilters({ people, person, action }: Props) {
  return (
    <form
      method="get"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <div>
        <label htmlFor="audit-person" className="block text-sm font-semibold text-slate-800">
          Person
        </label>
        <select id="audit-person" name="person" defaultValue={person ?? ""} className={controlClasses}>
          <option value="">Everyone</option>
          <SelectOptions
            options={people.map((each) => ({
              value: each.username,
              label: each.name === each.username ? each.name : `${each.name} (${each.username})`,
            }))}
          />
        </select>
      </div>
      <div>
        <label htmlFor="audit-action" className="block text-sm font-semibold text-slate-800">
          Kind of action
        </label>
        <select id="audit-action" name="action" defaultValue={action ?? ""} className={controlClasses}>
          <option value="">Every kind</option>
          <SelectOptions options={AUDIT_ACTIONS.map((each) => ({ value: each, label: auditActionLabels[each] }))} />
        </select>
      </div>
      <button type="submit" className={buttonClasses({ variant: "dark" })}>
        Show
      </button>
    </form>
  );
}
