// Inbox records: what visitors fill into the forms, and records written straight to D1 as the forms
// would have stored them (any time, any status).
import { env } from "cloudflare:test";
import { type InboxKind, inboxKinds } from "~/records/kinds";
import type { SpamReason, SubmissionStatus } from "~/records/statuses";
import { rowsOf } from "./d1";

/** An email address no other submission uses, to find a test's own rows. */
export const uniqueEmail = () => `visitor-${crypto.randomUUID()}@example.com`;

/** What a visitor fills into the contact form. */
export const validContact = () => ({
  firstName: "Maria",
  lastName: "Santos",
  email: "maria.santos@example.com",
  phone: "(410) 555-0147",
  message: "My 2016 Honda Accord's brakes squeal when I stop. Can you take a look this week?",
});

/** What a visitor fills into the service request form. */
export const validServiceRequest = () => ({
  firstName: "James",
  lastName: "Okafor",
  email: "james.okafor@example.com",
  phone: "410-555-0163",
  service: "brake-service",
  message: "2019 Toyota RAV4, grinding noise from the front left wheel.",
});

/** The service request's optional fields, every one given (a Tuesday the shop is open, for a Monday clock). */
export const vehicleAndVisit = () => ({
  vehicleYear: 2019,
  vehicleMake: "Toyota",
  vehicleModel: "RAV4",
  mileage: 84_000,
  preferredDate: "2026-11-24",
  preferredTime: "morning",
  visitType: "drop-off",
});

/** The rows a submission table holds for one email address. */
export async function storedRows(table: "contact_submissions" | "service_requests", email: string) {
  return rowsOf(`select * from ${table} where email = ?`, email);
}

export type InboxRow = {
  id?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  service?: string;
  message?: string;
  submittedAt?: number;
  status?: SubmissionStatus;
  spamReason?: SpamReason | null;
};

export const inboxTable = (kind: InboxKind) => inboxKinds[kind].tableName;

/** Stores records of one kind; returns their ids, in the order given. */
export async function insertInboxRecords(kind: InboxKind, rows: InboxRow[]): Promise<string[]> {
  const ids = rows.map((row) => row.id ?? crypto.randomUUID());
  const columns = "id, first_name, last_name, email, phone, message, submitted_at, status, spam_reason";
  const statements = rows.map((row, index) => {
    const status = row.status ?? "new";
    const values = [
      ids[index]!,
      row.firstName ?? "Pat",
      row.lastName ?? "Example",
      row.email ?? uniqueEmail(),
      row.phone ?? "(410) 555-0100",
      row.message ?? "Please call me back about my car.",
      row.submittedAt ?? Date.now(),
      status,
      row.spamReason === undefined ? (status === "spam" ? "links" : null) : row.spamReason,
    ];
    return kind === "contact"
      ? env.DB.prepare(`insert into ${inboxTable(kind)} (${columns}) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`).bind(
          ...values,
        )
      : env.DB.prepare(
          `insert into ${inboxTable(kind)} (${columns}, service) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).bind(...values, row.service ?? "oil-change");
  });
  for (let start = 0; start < statements.length; start += 500) await env.DB.batch(statements.slice(start, start + 500));
  return ids;
}
