import { data } from "react-router";
import type { Route } from "./+types/audit";
import { AuditEntries } from "~/features/audit/components/audit-entries";
import { AuditFilters } from "~/features/audit/components/audit-filters";
import { buttonClasses } from "~/ui/button";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { auditPeople, listAuditEntries, parseAuditQuery } from "~/features/audit/server/audit-log-list.server";
import { getEnv } from "~/http/context.server";
import { refusalData } from "~/http/outcome.server";
import { NO_STORE } from "~/http/responses.server";

// /incoming/audit, for owners (the owners' layout in app/routes.ts): who did what, newest first,
// 50 a page, filtered by person and by kind of action. Read only: nothing edits an entry.

export const handle: RouteHandle = { hydrate: true, staffNav: { label: "Audit log", position: 7 } };

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv(context);
  const parsed = parseAuditQuery(new URL(request.url).searchParams, { api: false });
  if (!parsed.ok) throw refusalData(parsed.refusal, { message: parsed.refusal.message }, NO_STORE);
  const [page, people] = await Promise.all([listAuditEntries(env, parsed.value), auditPeople(env)]);
  const { person, action } = parsed.value;
  return data({ ...page, people, person, action, paged: parsed.value.before !== null }, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privatePageMeta("Audit log", "Who did what on the staff side.");

/** The list's address with the filter kept and the page changed. */
function pageHref(filter: { person: string | null; action: string | null }, before: number | null): string {
  const params = new URLSearchParams();
  if (filter.person) params.set("person", filter.person);
  if (filter.action) params.set("action", filter.action);
  if (before !== null) params.set("before", String(before));
  const query = params.toString();
  return query ? `/incoming/audit?${query}` : "/incoming/audit";
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, total, before, people, person, action, paged } = loaderData;
  const filter = { person, action };
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-blue-950">Audit log</h1>
      <p className="mt-1 text-slate-700">
        Who did what, newest first: sign-ins, password changes, status changes, deletions and exports. Entries are kept
        400 days.
      </p>
      <div className="mt-6">
        <AuditFilters people={people} person={person} action={action} />
      </div>
      <p className="mt-6 text-sm text-slate-700" aria-live="polite">
        {total === 1 ? "1 entry" : `${total} entries`}
        {person || action ? " match this filter" : ""}
      </p>
      <div className="mt-3">
        {entries.length > 0 ? (
          <AuditEntries entries={entries} />
        ) : (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-700">
            No entries {person || action ? "match this filter" : "yet"}.
          </p>
        )}
      </div>
      <nav aria-label="Audit log pages" className="mt-6 flex flex-wrap gap-3">
        {paged ? (
          <a href={pageHref(filter, null)} className={buttonClasses({ variant: "secondary" })}>
            ← Newest
          </a>
        ) : null}
        {before !== null ? (
          <a href={pageHref(filter, before)} className={buttonClasses({ variant: "secondary" })}>
            Older entries →
          </a>
        ) : null}
      </nav>
    </section>
  );
}
