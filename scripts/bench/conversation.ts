// The conversation cases of the inbox bench (issue 29), written into the seeded database before the
// server starts: one service request with a 50-message thread (replies and answers, as staff and a
// customer write them), and a few dozen records of each kind whose customer answered and waits on
// staff (`replied_at`, what `?replied=1` lists). scripts/bench/inbox.ts measures the record's page
// and /incoming?replied=1 on them.
import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";

/** How many messages the measured record's thread holds. */
export const THREAD_MESSAGES = 50;
/** How many records of each kind wait on staff. */
const REPLIED_PER_KIND = 40;

const SHOP_LINES = [
  "Thanks for writing. We can look at it Tuesday morning; drop it off by 8 and we will call you by noon with what we find.",
  "The brake pads are at 2 mm on the front axle and the rotors are scored. Pads and rotors come to $412 with labor; rear pads still have plenty left.",
  "Your car is ready. We replaced the serpentine belt and the idler pulley and checked the tensioner. Pick it up any time before 5.",
  "We have a loaner free on Thursday if that helps. It needs a valid license and proof of insurance at the desk.",
  "The check engine light was a loose gas cap this time (P0455). We cleared it and will check again if it comes back within a week.",
  "The part came in a day early. If you can bring the car tomorrow at 9 we should have it back to you the same afternoon.",
];
const CUSTOMER_LINES = [
  "Tuesday works. Is there a shuttle to Owings Mills? I work near the Metro station and could walk from there.",
  "Go ahead with the front pads and rotors. Could you also look at the wipers? They streak in the rain.",
  "Thanks! I'll be there around 4:30. Do you take Apple Pay or only cards?",
  "The noise came back this morning, a grinding when I turn left at low speed. It goes away once the car warms up.",
  "Can it wait until after the holidays, or is it unsafe to drive? I have a trip to Ocean City next weekend.",
  "My wife will pick it up; her name is on the registration too. She'll have the key fob with her.",
];

type Kind = "contact" | "serviceRequest";
const TABLES: Record<Kind, string> = { contact: "contact_submissions", serviceRequest: "service_requests" };

const insertMessage = (db: DatabaseSync) =>
  db.prepare(
    `insert into record_messages (id, submission_kind, submission_id, direction, at, by, from_address, to_address,
       subject, body, message_id, sent_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

/**
 * A writer of the messages of records' conversations: the even ones the shop's replies from
 * `shop`, the odd ones the customer's answers (also used by scripts/bench/growth/companions.ts).
 */
export function messageWriter(db: DatabaseSync, shop: string) {
  const insert = insertMessage(db);
  const domain = shop.slice(shop.indexOf("@") + 1);
  return (kind: Kind, record: { id: string; email: string }, index: number, at: number) => {
    const out = index % 2 === 0;
    const lines = out ? SHOP_LINES : CUSTOMER_LINES;
    const id = randomUUID();
    insert.run(
      id,
      kind,
      record.id,
      out ? "out" : "in",
      at,
      out ? "pat" : null,
      out ? shop : record.email,
      out ? record.email : shop,
      index === 0 ? "Your service request to Pikesville Family Auto Repair" : "Re: Your service request",
      `${lines[index % lines.length]}\n\n${lines[(index + 3) % lines.length]}`,
      out ? `reply.${id}@${domain}` : `${id}@mail.example.com`,
      out ? at + 2_000 : null,
    );
  };
}

/** Writes the thread and the records waiting on staff; returns the thread's record. */
export function seedConversations(db: DatabaseSync, now: number): { threadRecord: string } {
  const message = messageWriter(db, "notifications@shop.localhost");

  db.exec("begin");
  try {
    // Records already contacted (the bench's writes take the new ones). The thread: the newest, a
    // message every few hours since it came in.
    const thread = db
      .prepare(
        "select id, email, submitted_at from service_requests where status = 'contacted' order by submitted_at desc limit 1",
      )
      .get() as { id: string; email: string; submitted_at: number };
    const step = Math.max(60_000, Math.floor((now - thread.submitted_at) / (THREAD_MESSAGES + 1)));
    for (let index = 0; index < THREAD_MESSAGES; index++) {
      message("serviceRequest", thread, index, thread.submitted_at + (index + 1) * step);
    }
    // Ends with the customer's answer: it waits on staff.
    db.prepare("update service_requests set replied_at = ? where id = ?").run(
      thread.submitted_at + THREAD_MESSAGES * step,
      thread.id,
    );

    // Waiting on staff: a reply and the customer's answer on a few records spread over the list.
    for (const kind of ["contact", "serviceRequest"] as const) {
      const table = TABLES[kind];
      const records = db
        .prepare(
          `select id, email, submitted_at from ${table} where status = 'contacted' and id <> ? order by id limit ?`,
        )
        .all(thread.id, REPLIED_PER_KIND) as { id: string; email: string; submitted_at: number }[];
      for (const record of records) {
        const answeredAt = Math.min(now, record.submitted_at + 26 * 3_600_000);
        message(kind, record, 0, record.submitted_at + 3_600_000);
        message(kind, record, 1, answeredAt);
        db.prepare(`update ${table} set replied_at = ? where id = ?`).run(answeredAt, record.id);
      }
    }
    db.exec("commit");
    return { threadRecord: thread.id };
  } catch (error) {
    db.exec("rollback");
    throw error;
  }
}
