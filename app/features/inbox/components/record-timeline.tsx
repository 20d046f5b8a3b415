import { activityTitle } from "~/features/desk/desk";
import { EmailEntry } from "~/features/replies/replies";
import { formatSubmittedAt } from "~/hours/shop-calendar";
import { type InboxKind, inboxKinds } from "~/records/kinds";
import { statusLabels } from "~/records/statuses";
import type { TimelineEntry } from "../timeline";

// A record's timeline (issue 29): the request, its status changes, the desk's calls and notes, and
// the emails, oldest first, in one list. Plain markup: it reads the same without JavaScript, and
// everything a visitor or a customer wrote is shown as text.

const When = ({ at }: { at: Date }) => (
  <time dateTime={at.toISOString()} className="text-slate-600">
    {formatSubmittedAt(at)}
  </time>
);

/** A line of the timeline that is not an email: what happened, who, when, and a note. */
function EventLine({ title, by, at, note }: { title: string; by?: string; at: Date; note?: string }) {
  return (
    <div className="border-l-2 border-slate-200 py-1 pl-3 text-sm text-slate-700">
      <p>
        <span className="font-semibold text-slate-900">{title}</span>
        {by ? <> by {by}</> : null}, <When at={at} />
      </p>
      {note ? (
        <p className="mt-1 rounded bg-slate-50 px-2 py-1 break-words whitespace-pre-wrap text-slate-800">{note}</p>
      ) : null}
    </div>
  );
}

function Entry({ entry, kind }: { entry: TimelineEntry; kind: InboxKind }) {
  switch (entry.type) {
    case "request":
      return (
        <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:mr-8">
          <p className="text-sm">
            <span className="font-semibold text-slate-900">Received</span>{" "}
            <span className="text-slate-700">({inboxKinds[kind].singular.toLowerCase()} from the website)</span>,{" "}
            <When at={entry.at} />
          </p>
          <p className="mt-2 break-words whitespace-pre-wrap text-slate-900">{entry.message}</p>
        </div>
      );
    case "status":
      return <EventLine title={statusLabels[entry.status]} by={entry.by} at={entry.at} />;
    case "activity":
      return <EventLine title={activityTitle(entry.entry)} by={entry.entry.by} at={entry.at} note={entry.entry.note} />;
    case "email":
      return <EmailEntry message={entry.message} />;
    case "estimate":
      return <EventLine title={entry.title} by={entry.by ?? undefined} at={entry.at} note={entry.note ?? undefined} />;
    default: {
      const unknown: never = entry;
      return unknown;
    }
  }
}

export function RecordTimeline({ timeline, kind }: { timeline: readonly TimelineEntry[]; kind: InboxKind }) {
  return (
    <section aria-labelledby="timeline">
      <h2 id="timeline" className="mt-8 text-lg font-bold text-blue-950 lg:mt-6">
        Timeline
      </h2>
      <ol className="mt-3 grid gap-3" aria-label="Timeline, oldest first">
        {timeline.map((entry, index) => (
          <li key={entry.type === "email" ? entry.message.id : `${entry.type}:${index}`}>
            <Entry entry={entry} kind={kind} />
          </li>
        ))}
      </ol>
    </section>
  );
}
