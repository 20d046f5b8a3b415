// What comes with each record and appointment in D1, written into the growth bench's database
// (scripts/bench/growth/growth.ts) with the columns the app's own inserts fill: the shop's email
// about the record (its ledger row), the conversation (replies and the customer's answers,
// app/db/schema/replies.ts), and an audit entry for every staff change (decision 062: one per status
// change, logged call or note, reply, booking and mark). The shares below are this shop's
// guesses, on the high side, so that the years they give are the fewest to expect.
import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { generator } from "../../seed-desk.ts";
import { messageWriter } from "../conversation.ts";

export type RecordKind = "contact" | "serviceRequest";
export const RECORD_TABLES: Record<RecordKind, string> = {
  contact: "contact_submissions",
  serviceRequest: "service_requests",
};
const AUDIT_TARGETS: Record<RecordKind, string> = {
  contact: "contact-messages",
  serviceRequest: "service-requests",
};

/** Of the records not kept aside as spam: answered by email, the customer writes back, a second round. */
const SHARES = { reply: 0.6, answer: 0.5, secondRound: 0.25 };
const SHOP_ADDRESS = "notifications@pikesvilleautorepair.com";
const OWNER_ADDRESS = "owner@pikesvilleautorepair.com";
// A member's id and a client address as an audit entry keeps them.
const ACTOR_ID = "3f2b8c1e-6a4d-4e8f-9b7a-2c5d1e0f4a6b";
const CLIENT = "198.51.100.24";

/** The ledger row, the conversation and the audit entries of every record of a kind. */
export function addRecordCompanions(db: DatabaseSync, kind: RecordKind) {
  const table = RECORD_TABLES[kind];
  db.exec("begin");
  // The shop's email about it, sent; the visitor's confirmation for about half.
  db.prepare(
    `insert into notification_ledger (submission_kind, submission_id, due_at, notified_at, attempts, sent_to, confirmation_sent_at)
     select ?, id, submitted_at, submitted_at + 2000, 1, ?, case when random() % 2 = 0 then submitted_at + 3000 end from ${table}`,
  ).run(kind, JSON.stringify([OWNER_ADDRESS]));
  const random = generator(41);
  const message = messageWriter(db, SHOP_ADDRESS);
  const records = db.prepare(`select id, email, submitted_at from ${table} where status <> 'spam'`).all() as {
    id: string;
    email: string;
    submitted_at: number;
  }[];
  const answered = db.prepare(`update ${table} set replied_at = ? where id = ?`);
  for (const record of records) {
    if (random.next() >= SHARES.reply) continue;
    const rounds = random.next() < SHARES.secondRound ? 2 : 1;
    for (let round = 0; round < rounds; round++) {
      const at = record.submitted_at + (round * 2 + 1) * 3_600_000;
      message(kind, record, round * 2, at);
      if (random.next() >= SHARES.answer) break;
      message(kind, record, round * 2 + 1, at + 20 * 3_600_000);
      answered.run(at + 20 * 3_600_000, record.id);
    }
  }
  // Every staff change, audited: status changes, the desk's calls and notes, each reply.
  const audit = (action: string, columns: string, from: string) =>
    db
      .prepare(
        `insert into audit_log (at, actor_id, actor_name, action, target, detail, client)
         select ${columns.replace("{target}", "? || submission_id")}, ? from ${from} submission_kind = ?`,
      )
      .run(ACTOR_ID, action, `${AUDIT_TARGETS[kind]}/`, CLIENT, kind);
  const status = "json_object('status', status)";
  audit("record.status", `changed_at, ?, changed_by, ?, {target}, ${status}`, "submission_status_changes where");
  const call = "json_object('type', type, 'outcome', outcome)";
  audit("record.handled", `at, ?, by, ?, {target}, ${call}`, "submission_activity where");
  const reply = "json_object('message', id)";
  audit("record.reply", `at, ?, by, ?, {target}, ${reply}`, "record_messages where direction = 'out' and");
  db.exec("commit");
}

/**
 * `count` appointments on the service requests, each with its emails (the confirmation and the
 * reminder; a change for one in ten), its audit entries (booked; marked once its day is past) and,
 * for a finished job, a review request for half of them.
 */
export function addAppointments(db: DatabaseSync, count: number, now: number): number {
  const random = generator(43);
  const requests = db
    .prepare("select id, submitted_at from service_requests where status <> 'spam' order by submitted_at limit ?")
    .all(count) as { id: string; submitted_at: number }[];
  const insertAppointment = db.prepare(
    `insert into appointments (id, service_request_id, date, kind, time, status, sequence, note, token_salt, token_hash, created_at, created_by, updated_at, reminder_sent_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pat', ?, ?)`,
  );
  const insertEmail = db.prepare(
    "insert into appointment_messages (appointment_id, purpose, sequence, due_at, sent_at, attempts) values (?, ?, ?, ?, ?, 1)",
  );
  const insertAudit = db.prepare(
    "insert into audit_log (at, actor_id, actor_name, action, target, detail, client) values (?, ?, 'pat', ?, ?, ?, ?)",
  );
  const insertReview = db.prepare(
    "insert into review_requests (appointment_id, email_key, requested_at) values (?, (select lower(email) from service_requests where id = ?), ?)",
  );
  const hex = (bytes: number) =>
    randomUUID()
      .replaceAll("-", "")
      .repeat(2)
      .slice(0, bytes * 2);
  db.exec("begin");
  for (const request of requests) {
    const id = randomUUID();
    const at = request.submitted_at + 4 * 3_600_000;
    const day = at + (2 + Math.floor(random.next() * 10)) * 86_400_000;
    const waiter = random.next() < 0.4;
    const past = day < now;
    const status = past ? (random.next() < 0.85 ? "done" : "no-show") : "confirmed";
    const changed = random.next() < 0.1 ? 1 : 0;
    const note = random.next() < 0.3 ? "Customer asked for a call before any work over $300." : null;
    const date = new Date(day).toISOString().slice(0, 10);
    insertAppointment.run(
      id,
      request.id,
      date,
      waiter ? "waiter" : "drop-off",
      waiter ? "10:00" : null,
      status,
      changed,
      note,
      hex(16).slice(0, 22),
      hex(32),
      at,
      at,
      past ? day - 86_400_000 : null,
    );
    insertEmail.run(id, "confirmation", 0, at, at + 2_000);
    if (changed) insertEmail.run(id, "update", 1, at + 3_600_000, at + 3_602_000);
    if (past) insertEmail.run(id, "reminder", changed, day - 86_400_000, day - 86_398_000);
    const target = `appointments/${id}`;
    insertAudit.run(at, ACTOR_ID, "appointment.book", target, JSON.stringify({ date, record: request.id }), CLIENT);
    if (past) insertAudit.run(day, ACTOR_ID, "appointment.mark", target, JSON.stringify({ status }), CLIENT);
    if (status === "done" && random.next() < 0.5) {
      insertReview.run(id, request.id, day + 3_600_000);
      insertEmail.run(id, "review", changed, day + 3_600_000, day + 3_602_000);
    }
  }
  db.exec("commit");
  return requests.length;
}
