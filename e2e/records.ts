// Visitors' records the browser tests write for themselves, straight into the test server's D1 as
// the public forms store them: each test's own, found again by a word in its name or message.
import { type InboxKind, inboxKinds } from "../app/records/kinds";
import type { SubmissionStatus } from "../app/records/statuses";
import { executeSql } from "./fixtures";

export type OwnRecord = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  /** A service request's service (its option value). */
  service?: string;
  submittedAt?: number;
  status?: SubmissionStatus;
};

const literal = (value: string | number) =>
  typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`;

/** Writes a record of `kind`, sent now and new unless it says otherwise; returns its id. */
export function insertRecord(
  kind: InboxKind,
  { firstName, lastName, email, phone, message, service, submittedAt = Date.now(), status = "new" }: OwnRecord,
): string {
  const id = crypto.randomUUID();
  const row: Record<string, string | number> = {
    id,
    first_name: firstName,
    last_name: lastName,
    email,
    phone,
    message,
    submitted_at: submittedAt,
    status,
  };
  if (service !== undefined) row.service = service;
  executeSql(
    `INSERT INTO ${inboxKinds[kind].tableName} (${Object.keys(row).join(", ")}) VALUES (${Object.values(row).map(literal).join(", ")})`,
  );
  return id;
}
