import { inboxKindBySlug, inboxKinds, recordPath } from "~/records/kinds";
import { isSubmissionStatus, statusLabels } from "~/records/statuses";

// How the audit page words an entry's target and details for the shop's owner: "Contact message"
// with a link rather than "contact-messages/<id>", "New status: Contacted" rather than JSON.

type Detail = Record<string, string | number | boolean | null> | null;

/** What the entry was done to, and where it can be seen (a record that still exists). */
export function describeTarget(action: string, target: string | null): { text: string; href: string | null } | null {
  if (target === null) return null;
  const [slug, id] = target.split("/", 2);
  const kind = inboxKindBySlug(slug);
  if (!kind) return { text: target, href: null };
  if (id === undefined) return { text: inboxKinds[kind].label, href: null };
  const deleted = action === "record.delete";
  return {
    text: `${inboxKinds[kind].singular} ${id.slice(0, 8)}${deleted ? " (deleted)" : ""}`,
    href: deleted ? null : recordPath(kind, id),
  };
}

const statusList = (value: string) =>
  value
    .split(",")
    .map((status) => (isSubmissionStatus(status) ? statusLabels[status] : status))
    .join(", ");

/** The entry's details in words, or null when it has none worth showing. */
export function describeDetail(action: string, detail: Detail): string | null {
  if (!detail) return null;
  const { status, statuses, searched, changed, sessions, current } = detail;
  switch (action) {
    case "record.status":
      return typeof status === "string" ? `New status: ${statusList(status)}` : null;
    case "records.export":
      return typeof statuses === "string" ? `${statusList(statuses)}${searched ? ", with a search" : ""}` : null;
    case "account.update":
      return typeof changed === "string" ? `Changed: ${changed}` : null;
    case "sign-out":
      if (current || typeof sessions !== "number") return null;
      return sessions === 1 ? "Another session" : `${sessions} other sessions`;
    default:
      return Object.entries(detail)
        .map(([key, value]) => `${key}: ${String(value)}`)
        .join(" · ");
  }
}
