import { recordPath, type InboxKind } from "~/records/kinds";
import { recordFromListUrl } from "~/features/inbox/list-params";
import { DeskLine, InboxRows, type MemberNames } from "./inbox-rows";
import { StatusButtons, useStatusChange } from "./status-buttons";
import { fullName, SubmissionCard, type SubmissionCardData } from "./submission-card";

/**
 * A page of records: below 1024 px as cards, each with its status buttons; from 1024 px as dense
 * rows (inbox-rows.tsx). Both are in the page, CSS shows one: no script decides the layout.
 * `empty` when there is none.
 */
export function InboxList({
  kind,
  records,
  returnTo,
  empty,
  names,
  now,
}: {
  kind: InboxKind;
  records: SubmissionCardData[];
  /** This page's address: where the buttons' forms come back to without JavaScript, and the record pages' "Back". */
  returnTo: string;
  empty: React.ReactNode;
  /** Members' names by username, for who handles each record. */
  names: MemberNames;
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
    <>
      <ul className="grid gap-4 lg:hidden">
        {records.map((record) => (
          <li key={record.id}>
            <InboxCard kind={kind} record={record} href={hrefOf(record)} returnTo={returnTo} names={names} now={now} />
          </li>
        ))}
      </ul>
      <InboxRows kind={kind} records={records} hrefOf={hrefOf} returnTo={returnTo} names={names} now={now} />
    </>
  );
}

function InboxCard({
  kind,
  record,
  href,
  returnTo,
  names,
  now,
}: {
  kind: InboxKind;
  record: SubmissionCardData;
  href: string;
  returnTo: string;
  names: MemberNames;
  now: Date;
}) {
  const action = recordPath(kind, record.id);
  const { shown, busy, onSubmit } = useStatusChange(action, record.status);
  return (
    <SubmissionCard
      kind={kind}
      submission={record}
      href={href}
      status={shown}
      desk={
        record.assignee || record.followUpAt ? (
          <>
            Handled by <DeskLine record={record} names={names} now={now} />
          </>
        ) : null
      }
      actions={
        <StatusButtons
          action={action}
          current={shown}
          returnTo={returnTo}
          onSubmit={onSubmit}
          busy={busy}
          name={fullName(record)}
        />
      }
    />
  );
}
