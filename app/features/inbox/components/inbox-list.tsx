import type { ServiceNames } from "~/content/services";
import { recordPath, type InboxKind } from "~/records/kinds";
import { recordFromListUrl } from "~/features/inbox/list-params";
import { DeskLine, InboxListHeader, type MemberNames } from "./inbox-rows";
import { StatusButtons, useStatusChange } from "./status-buttons";
import { fullName, SubmissionCard, type SubmissionCardData } from "./submission-card";

/**
 * A page of records: below 1024 px as cards, each with its status buttons; from 1024 px as dense
 * rows under a header of the columns (inbox-rows.tsx). One markup for both, laid out by CSS: no
 * script decides the layout, and the page carries each record once. `empty` when there is none.
 */
export function InboxList({
  kind,
  records,
  returnTo,
  empty,
  names,
  services,
  now,
}: {
  kind: InboxKind;
  records: SubmissionCardData[];
  /** This page's address: where the buttons' forms come back to without JavaScript, and the record pages' "Back". */
  returnTo: string;
  empty: React.ReactNode;
  /** Members' names by username, for who handles each record. */
  names: MemberNames;
  /** The services' names in the catalog, for each request's service. */
  services: ServiceNames;
  /** The request's time: "3 h ago", overdue follow-ups. */
  now: Date;
}) {
  if (records.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{empty}</div>
    );
  }
  const hrefOf = (record: SubmissionCardData) => recordFromListUrl(recordPath(kind, record.id), returnTo);
  return (
    <div className="lg:rounded-lg lg:border lg:border-slate-200 lg:bg-white lg:shadow-sm">
      <InboxListHeader />
      <ul className="grid gap-4 lg:block">
        {records.map((record) => (
          <li key={record.id}>
            <InboxCard
              kind={kind}
              record={record}
              href={hrefOf(record)}
              returnTo={returnTo}
              names={names}
              services={services}
              now={now}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function InboxCard({
  kind,
  record,
  href,
  returnTo,
  names,
  services,
  now,
}: {
  kind: InboxKind;
  record: SubmissionCardData;
  href: string;
  returnTo: string;
  names: MemberNames;
  services: ServiceNames;
  now: Date;
}) {
  const action = recordPath(kind, record.id);
  const { shown, buttons } = useStatusChange(action, record.status);
  return (
    <SubmissionCard
      kind={kind}
      submission={record}
      href={href}
      status={shown}
      now={now}
      services={services}
      desk={
        record.assignee || record.followUpAt ? (
          <>
            Handled by <DeskLine record={record} names={names} now={now} />
          </>
        ) : null
      }
      deskCell={<DeskLine record={record} names={names} now={now} />}
      actions={<StatusButtons {...buttons} returnTo={returnTo} name={fullName(record)} compact="from-lg" />}
    />
  );
}
