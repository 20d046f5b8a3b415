// Where each seeded record stands (scripts/seed.ts): its status and history, and the call-back
// desk's log: what happened on the calls, and when the shop first reached each customer; and the
// seeded generator both draw from.
import type { SpamReason, SubmissionStatus } from "../app/records/statuses.ts";

/** A small seeded generator (mulberry32): the same --seed gives the same records. */
export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick };
}
export type Random = ReturnType<typeof generator>;

const DAY = 86_400_000;

export const CALL_NOTES = [
  "Left a voicemail, try after 5",
  "Asked us to call back on her lunch break",
  "Wants a quote first, sending by email",
  "Booked for Tuesday morning, drop-off",
  "Will call back after checking with his wife",
  "Number rings out, no voicemail set up",
]; // prettier-ignore

export type Activity = { type: "call" | "note" | "email"; outcome: string | null; note: string | null; at: number };

/**
 * How long the shop took to first reach someone: mostly within hours, a tail over days (a log
 * scale from 2 minutes to 4 days), so the insights' median and 90th percentile are realistic.
 */
export const firstContactDelay = (random: Random) =>
  Math.round(2 * 60_000 * Math.exp(random.next() ** 1.6 * Math.log(2880)));

/** The calls before the one that reached them, and that one (or an email), with a note now and then. */
export function contactLog(random: Random, submittedAt: number, contactedAt: number): Activity[] {
  const log: Activity[] = [];
  const misses = random.next() < 0.35 ? random.int(1, 2) : 0;
  for (let miss = 0; miss < misses; miss++) {
    const at = submittedAt + Math.floor(((contactedAt - submittedAt) * (miss + 1)) / (misses + 2));
    const outcome = random.pick(["voicemail", "no-answer", "voicemail"]);
    log.push({ type: "call", outcome, note: outcome === "voicemail" ? random.pick(CALL_NOTES.slice(0, 2)) : null, at });
  }
  const byEmail = random.next() < 0.2;
  log.push({
    type: byEmail ? "email" : "call",
    outcome: byEmail ? null : "reached",
    note: random.next() < 0.4 ? random.pick(CALL_NOTES.slice(2)) : null,
    at: contactedAt,
  });
  if (random.next() < 0.15) {
    log.push({
      type: "note",
      outcome: null,
      note: random.pick(CALL_NOTES.slice(2)),
      at: contactedAt + random.int(1, 90) * 60_000,
    });
  }
  return log;
}

type Fate = {
  status: SubmissionStatus;
  spamReason: SpamReason | null;
  changes: { status: SubmissionStatus; at: number }[];
  firstContactAt: number | null;
  activity: Activity[];
};

/** Where a record stands now, by its age: staff work through recent ones, old ones are done. */
export function fate(random: Random, submittedAt: number, now: number): Fate {
  const age = now - submittedAt;
  if (random.next() < 0.01) {
    return {
      status: "spam",
      spamReason: random.next() < 0.7 ? "links" : "honeypot",
      changes: [],
      firstContactAt: null,
      activity: [],
    };
  }
  const roll = random.next();
  const [newShare, contactedShare] = age < 2 * DAY ? [0.7, 0.25] : age < 14 * DAY ? [0.15, 0.35] : [0.01, 0.04];
  const contactedAt = submittedAt + firstContactDelay(random);
  if (roll < newShare || contactedAt >= now) {
    // Not reached yet: now and then a call that did not get through.
    const tried = now - submittedAt > 2 * 3_600_000 && random.next() < 0.3;
    const at = submittedAt + Math.floor((now - submittedAt) / 2);
    return {
      status: "new",
      spamReason: null,
      changes: [],
      firstContactAt: null,
      activity: tried ? [{ type: "call", outcome: random.pick(["no-answer", "voicemail"]), note: null, at }] : [],
    };
  }
  const activity = contactLog(random, submittedAt, contactedAt);
  if (roll < newShare + contactedShare) {
    return {
      status: "contacted",
      spamReason: null,
      changes: [{ status: "contacted", at: contactedAt }],
      firstContactAt: contactedAt,
      activity,
    };
  }
  // A few are closed without anyone ever reaching them (a wrong number, a customer who went elsewhere).
  const closedAt = Math.min(contactedAt + random.int(1, 10) * DAY, now);
  if (random.next() < 0.05) {
    const at = submittedAt + Math.floor((closedAt - submittedAt) / 2);
    return {
      status: "closed",
      spamReason: null,
      changes: [{ status: "closed", at: closedAt }],
      firstContactAt: null,
      activity: [{ type: "call", outcome: "wrong-number", note: null, at }],
    };
  }
  return {
    status: "closed",
    spamReason: null,
    changes: [
      { status: "contacted", at: contactedAt },
      { status: "closed", at: closedAt },
    ],
    firstContactAt: contactedAt,
    activity,
  };
}
