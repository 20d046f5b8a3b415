// What `npm run db:seed` adds beside the inbox's records, so that every staff page has something real
// to show: appointments on the weekdays from two weeks back to four ahead (about as many a day as a
// small shop takes in, past ones mostly done, future ones confirmed; with the bench's capacity of 12
// drop-offs and three waiter times, and online booking on), and sent estimates on the newest service
// requests (some revised, some approved, some waiting for a new approval past 10%), their links derived
// from the local .dev.vars so they open on `npm start`. Written with the app's columns by the bench's
// writers (scripts/seed-appointments.ts, scripts/bench/estimates/seed.ts).
import { DatabaseSync } from "node:sqlite";
import { addEstimates } from "./bench/estimates/seed.ts";
import { localD1File } from "./local-d1.ts";
import { seedAppointments, shopToday } from "./seed-appointments.ts";

/** At most this many appointments a weekday, however large the inbox. */
const APPOINTMENTS_A_DAY = 8;
const DAYS_BACK = 14;
const DAYS_AHEAD = 28;
const WEEKDAYS = Math.round(((DAYS_BACK + DAYS_AHEAD + 1) * 5) / 7);

export type SeededJobs = { appointments: number; estimates: number };
type JobsOptions = { stateDir: string; count: number; clear?: boolean; now?: number };

/**
 * Adds appointments and estimates to the local D1 under `stateDir` (an absolute path; its records
 * already seeded). With `clear`, the appointments go first, as the records they were on did; estimates
 * a customer decided on stay, since their approvals are frozen (docs/decisions/065-estimates-and-approvals.md).
 */
export function seedJobs({ stateDir, count, clear = false, now = Date.now() }: JobsOptions): SeededJobs {
  const file = localD1File(stateDir);
  if (clear) {
    const db = new DatabaseSync(file);
    db.exec("delete from appointment_messages; delete from review_requests; delete from appointments");
    db.close();
  }
  const appointments = Math.min(Math.round(count / 2), APPOINTMENTS_A_DAY * WEEKDAYS);
  seedAppointments(stateDir, shopToday(), 12, { count: appointments, daysBack: DAYS_BACK, daysAhead: DAYS_AHEAD });
  const db = new DatabaseSync(file);
  try {
    const estimates = addEstimates(db, { count: Math.min(Math.max(3, Math.round(count / 20)), 200), now }).written;
    const booked = db.prepare("select count(*) as n from appointments").get() as { n: number };
    return { appointments: booked.n, estimates };
  } finally {
    db.close();
  }
}
