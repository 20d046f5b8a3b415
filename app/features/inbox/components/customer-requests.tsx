import { Link } from "react-router";
import { formatSubmittedAt } from "~/hours/shop-calendar";
import { inboxKinds, recordPath } from "~/records/kinds";
import type { Customer } from "../customer";
import { StatusBadge } from "./status-badge";

/**
 * The record page's "Same customer": their other requests (same email or phone, decision 047), newest
 * first, each with its date, kind, status and last message, linked to its page. Nothing when there is none.
 */
export function CustomerRequests({ customer }: { customer: Customer }) {
  if (customer.others.length === 0) return null;
  return (
    <section aria-labelledby="same-customer">
      <h2 id="same-customer" className="mt-8 text-lg font-bold text-blue-950">
        Same customer
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Their other requests, by the same email address or phone number
        {customer.more ? ` (the ${customer.others.length} most recent)` : ""}.
      </p>
      <ul className="mt-3 grid gap-2">
        {customer.others.map((other) => (
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
            <p className="mt-1 text-sm break-words text-slate-800">
              <span className="font-semibold">
                {other.lastMessage.direction === "out" ? "Last from the shop" : "Last from them"},{" "}
                <time dateTime={other.lastMessage.at.toISOString()}>{formatSubmittedAt(other.lastMessage.at)}</time>:
              </span>{" "}
              {other.lastMessage.text.replace(/\s+/g, " ").trim()}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
