import { Link } from "react-router";
import { formatSubmittedAt } from "~/hours/shop-calendar";
import { INBOX_KINDS, inboxKinds, recordPath } from "~/records/kinds";
import { SUBMISSION_STATUSES } from "~/records/statuses";
import type { Customer, OtherRequest } from "../customer";
import { inboxListUrl } from "../list-params";
import { StatusBadge } from "./status-badge";

/** How many of the customer's other requests show at once; the rest are a click away. */
export const OTHERS_AT_ONCE = 3;

/**
 * The record page's "Same customer": their other requests (same email or phone, decision 047), newest
 * first, each with its date, kind, status and last message, linked to its page. The latest
 * `OTHERS_AT_ONCE` show; the others open under a `<details>` (no JavaScript needed), and when the
 * customer has more than the page reads, the inbox's search by their email lists every one.
 */
export function CustomerRequests({ customer, email }: { customer: Customer; email: string }) {
  const latest = customer.others.slice(0, OTHERS_AT_ONCE);
  const rest = customer.others.slice(OTHERS_AT_ONCE);
  return (
    <>
      <p className="text-sm text-slate-600">Their other requests, by the same email address or phone number.</p>
      <OtherRequests others={latest} />
      {rest.length > 0 ? (
        <details className="group mt-2">
          <summary className="cursor-pointer rounded-md py-2 text-sm font-semibold text-blue-800 underline-offset-2 hover:underline">
            <span className="group-open:hidden">Show</span>
            <span className="hidden group-open:inline">Hide</span>{" "}
            {`${rest.length} earlier ${rest.length === 1 ? "request" : "requests"}`}
          </summary>
          <OtherRequests others={rest} />
        </details>
      ) : null}
      {customer.more ? (
        <p className="mt-2 text-sm text-slate-700">
          More from {email} in the inbox:{" "}
          {INBOX_KINDS.map((kind, index) => (
            <span key={kind}>
              {index > 0 ? ", " : ""}
              <Link
                to={inboxListUrl({ kind, statuses: SUBMISSION_STATUSES, q: email })}
                className="font-semibold text-blue-800 underline underline-offset-2"
              >
                {inboxKinds[kind].label.toLowerCase()}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
    </>
  );
}

function OtherRequests({ others }: { others: readonly OtherRequest[] }) {
  return (
    <ul className="mt-3 grid gap-2">
      {others.map((other) => (
        <li key={`${other.kind}:${other.id}`} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Link
              to={recordPath(other.kind, other.id)}
              className="font-semibold text-blue-800 underline underline-offset-2"
            >
              {inboxKinds[other.kind].singular}
              <span className="sr-only">
                {" "}
                of <time dateTime={other.at.toISOString()}>{formatSubmittedAt(other.at)}</time>
              </span>
            </Link>
            <time dateTime={other.at.toISOString()} className="text-slate-600" aria-hidden="true">
              {formatSubmittedAt(other.at)}
            </time>
            <StatusBadge status={other.status} named={false} />
          </div>
          <p className="mt-1 line-clamp-3 text-sm break-words text-slate-800">
            <span className="font-semibold">
              {other.lastMessage.direction === "out" ? "Last from the shop" : "Last from them"},{" "}
              <time dateTime={other.lastMessage.at.toISOString()}>{formatSubmittedAt(other.lastMessage.at)}</time>:
            </span>{" "}
            {other.lastMessage.text.replace(/\s+/g, " ").trim()}
          </p>
        </li>
      ))}
    </ul>
  );
}
