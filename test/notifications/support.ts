import { env } from "cloudflare:test";
import { expect } from "vitest";
import { postJson } from "../support/http";
import { uniqueEmail, validContact } from "../support/inbox";
import type { recordingQueue } from "../support/queue";

// What the notification tests share: the cron schedules, the email ledger's row of a record, and a
// contact message sent through the JSON API with the queue replaced.

export const SWEEP = "*/5 * * * *";
export const DIGEST = "0 12,13 * * *";
export const minutes = (n: number) => n * 60_000;

// Vars as wrangler.toml does not set them (its generated types know only its own values).
export const vars = (values: Record<string, string>): Partial<Env> => Object.assign({}, values);
export const twoRecipients = vars({ NOTIFY_TO: "owner@shop.localhost, desk@shop.localhost" });
export const confirmationsOn = vars({ CONFIRM_VISITOR: "true" });

type NotificationRow = {
  id: string;
  notified_at: number | null;
  notify_attempts: number;
  notify_last_error: string | null;
  notify_sent_to: string;
};

const kindOfTable = { contact_submissions: "contact", service_requests: "serviceRequest" } as const;

/** The record's entry in the email ledger, under the names the columns had on the record's row. */
export async function notificationRow(table: "contact_submissions" | "service_requests", id: string) {
  const row = await env.DB.prepare(
    `select submission_id as id, notified_at, attempts as notify_attempts, last_error as notify_last_error,
       sent_to as notify_sent_to
     from notification_ledger where submission_kind = ? and submission_id = ?`,
  )
    .bind(kindOfTable[table], id)
    .first<NotificationRow>();
  if (!row) throw new Error(`No ledger entry for ${id} of ${table}`);
  return row;
}

/** Submits through the JSON API with the queue replaced; returns the stored id. */
export async function submitContact(queue: ReturnType<typeof recordingQueue>, fields: Record<string, string> = {}) {
  const response = await postJson(
    "/api/contact",
    { ...validContact(), email: uniqueEmail(), ...fields },
    { bindings: { NOTIFY_QUEUE: queue } },
  );
  expect(response.status).toBe(201);
  return (await response.json<{ id: string }>()).id;
}
