// Appointments written straight into a seeded local D1 (node:sqlite) with the columns the app's own
// booking fills (app/features/appointments/server/booking.server.ts): the bench's year of them
// (scripts/bench/appointments.ts, the crowd) and the few weeks around today that `npm run db:seed` adds
// (scripts/seed-jobs.ts), so the shop calendar and the customer's page have something to show.
import { createHash, randomBytes } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { localD1File } from "./local-d1.ts";

/** The bench's appointments: about 19 a weekday over six months back and six ahead. */
export const APPOINTMENTS = 5_000;

// Calendar dates as "YYYY-MM-DD" (the app's helpers import through "~/", which plain Node cannot resolve).
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Today in the shop's calendar (America/New_York). */
export const shopToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());

/** A small seeded generator, so every run books the same appointments. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** How many appointments, over which weekdays around today (the bench's: 5,000 over a year). */
export type AppointmentSpread = { count?: number; daysBack?: number; daysAhead?: number };

/**
 * Writes the appointments and the owner's capacity (12 drop-offs a day unless told) into a seeded
 * database; returns the customer's links (tokens) of the future ones that are confirmed.
 */
export function seedAppointments(
  into: string,
  today: string,
  dropOffsPerDay = 12,
  { count = APPOINTMENTS, daysBack = 182, daysAhead = 182 }: AppointmentSpread = {},
): string[] {
  const db = new DatabaseSync(localD1File(into));
  const random = generator(30);
  const slots = [
    { time: "08:00", places: 3 },
    { time: "10:00", places: 3 },
    { time: "13:00", places: 2 },
  ];
  db.prepare(
    "insert into appointment_settings (id, drop_offs_per_day, waiter_slots, online_enabled, online_horizon_days) values (1, ?, ?, 1, 60) on conflict (id) do update set drop_offs_per_day = excluded.drop_offs_per_day, waiter_slots = excluded.waiter_slots, online_enabled = 1, online_horizon_days = 60",
  ).run(dropOffsPerDay, JSON.stringify(slots));
  const days: string[] = [];
  for (let date = addDays(today, -daysBack); date <= addDays(today, daysAhead); date = addDays(date, 1)) {
    if (weekdayOf(date) !== 0 && weekdayOf(date) !== 6) days.push(date);
  }
  const requests = db
    .prepare(
      // Requests without one yet: seeding twice adds to the calendar instead of booking a request twice.
      "select id from service_requests where status <> 'spam' and id not in (select service_request_id from appointments) order by submitted_at desc limit ?",
    )
    .all(count)
    .map((row) => String(row.id));
  const insert = db.prepare(
    "insert into appointments (id, service_request_id, date, kind, time, status, sequence, token_salt, token_hash, created_at, created_by, updated_at) values (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, 'bench', ?)",
  );
  const hex = () => crypto.randomUUID().replaceAll("-", "");
  // A customer's link is looked up by its token's SHA-256 (customer-link.server.ts): any 43
  // base64url characters will do as the token of a seeded appointment.
  const tokens: string[] = [];
  db.exec("begin");
  requests.forEach((requestId, index) => {
    const date = days[index % days.length]!;
    const waiter = random() < 0.4;
    const time = waiter ? slots[Math.floor(random() * slots.length)]!.time : null;
    const roll = random();
    const status =
      date < today
        ? roll < 0.8
          ? "done"
          : roll < 0.88
            ? "no-show"
            : roll < 0.95
              ? "cancelled"
              : "arrived"
        : roll < 0.92
          ? "confirmed"
          : "cancelled";
    const at = Date.now();
    const token = randomBytes(32).toString("base64url");
    if (status === "confirmed") tokens.push(token);
    insert.run(
      crypto.randomUUID(),
      requestId,
      date,
      waiter ? "waiter" : "drop-off",
      time,
      status,
      hex(),
      createHash("sha256").update(token).digest("hex"),
      at,
      at,
    );
  });
  db.exec("commit");
  db.close();
  return tokens;
}
