import { recordPath, type InboxKind } from "~/inbox/kinds";
import { StatusButtons, useStatusChange } from "./status-buttons";
import { fullName, SubmissionCard, type SubmissionCardData } from "./submission-card";

/** A page of records as cards, each with its status buttons; `empty` when there is none. */
export function InboxList({
  kind,
  records,
  returnTo,
  empty,
}: {
  kind: InboxKind;
  records: SubmissionCardData[];
  /** This page's address: where the buttons' forms come back to without JavaScript. */
  returnTo: string;
  empty: React.ReactNode;
}) {
  if (records.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{empty}</div>
    );
  }
  return (
    <ul className="grid gap-4">
      {records.map((record) => (
        <li key={record.id}>
          <InboxCard kind={kind} record={record} returnTo={returnTo} />
        </li>
      ))}
    </ul>
  );
}

function InboxCard({ kind, record, returnTo }: { kind: InboxKind; record: SubmissionCardData; returnTo: string }) {
  const href = recordPath(kind, record.id);
  const { shown, busy, onSubmit } = useStatusChange(href, record.status);
  return (
    <SubmissionCard
      kind={kind}
      submission={record}
      href={href}
      status={shown}
      actions={
        <StatusButtons
          action={href}
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
