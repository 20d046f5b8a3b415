import { formatSubmittedAt } from "~/hours/shop-calendar";
import { type ConversationMessage, formatSize, replyStatusLabels } from "../messages";

// The emails of a record's conversation: the replies staff sent (with their sending state) and the
// emails that came back, each an entry of the record's timeline. Everything a customer sent is shown
// as text: React escapes it, no HTML of theirs is ever rendered, and no link is made of their words.

const statusTones = {
  sending: "bg-slate-100 text-slate-700 ring-slate-200",
  sent: "bg-green-100 text-green-900 ring-green-200",
  failing: "bg-red-100 text-red-900 ring-red-200",
} as const;

const badge = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset";

function MessageBadges({ message }: { message: ConversationMessage }) {
  return (
    <>
      {message.status ? (
        <span className={`${badge} ${statusTones[message.status]}`}>
          <span className="sr-only">Email status: </span>
          {replyStatusLabels[message.status]}
        </span>
      ) : null}
      {message.direction === "in" && !message.automatic && !message.bounce ? (
        message.fromCustomer ? (
          <span className={`${badge} bg-blue-100 text-blue-900 ring-blue-200`}>Customer replied</span>
        ) : (
          <span className={`${badge} bg-amber-100 text-amber-900 ring-amber-200`}>Not from the customer's address</span>
        )
      ) : null}
      {message.automatic ? (
        <span className={`${badge} bg-slate-100 text-slate-700 ring-slate-200`}>Automatic reply</span>
      ) : null}
      {message.bounce ? <span className={`${badge} bg-red-100 text-red-900 ring-red-200`}>Not delivered</span> : null}
    </>
  );
}

/**
 * One email of a record's conversation, in its timeline (app/features/inbox/, issue 29): a reply
 * staff sent, with its sending state, or an email that came back.
 */
export function EmailEntry({ message }: { message: ConversationMessage }) {
  const out = message.direction === "out";
  return (
    <div
      className={`rounded-lg border p-4 shadow-sm ${out ? "border-blue-200 bg-blue-50 sm:ml-8" : "border-slate-200 bg-white sm:mr-8"}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-slate-900">
          {out ? `${message.by ?? "Staff"} replied` : <span className="break-all">{message.from}</span>}
        </span>
        <time dateTime={message.at.toISOString()} className="text-slate-600">
          {formatSubmittedAt(message.at)}
        </time>
        <MessageBadges message={message} />
      </div>
      <p className="mt-1 text-sm font-semibold break-words text-slate-800">{message.subject}</p>
      <p className="mt-2 break-words whitespace-pre-wrap text-slate-900">{message.text}</p>
      {message.attachments.length > 0 ? (
        <div className="mt-2 text-sm text-slate-700">
          <p className="font-semibold">Attached (not kept):</p>
          <ul className="list-inside list-disc">
            {message.attachments.map((attachment, index) => (
              <li key={index} className="break-all">
                {attachment.name} · {attachment.type} · {formatSize(attachment.size)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
