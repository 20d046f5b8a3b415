// The crowd part's race (scripts/bench/crowd/crowd.ts): 200 visitors post POST /api/bookings at
// once for the same drop-off day, which has 20 places online; exactly 20 must be booked, the rest
// told the day is full (409), none a 5xx, and D1 must hold 20 online bookings for the day (a place
// lost to a quicker visitor takes its stored request back out). The visitors are distinct people
// posting what /book posts, the honeypot empty; the local configuration's submission limit
// (wrangler.toml, 1,000 a minute per client) admits them all, production's is untouched.
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { localD1File } from "../../local-d1.ts";
import { addDays, weekdayOf } from "../appointments.ts";
import type { Check } from "../output.ts";
import { projectRoot } from "../server.ts";

export const BOOKERS = 200;
export const ONLINE_PLACES = 20;
/** The drop-offs a day the crowd's database is given: half of them online (the default share) is 20. */
export const CROWD_DROP_OFFS = (ONLINE_PLACES * 100) / 50;

export type BookingRace = {
  date: string;
  statuses: Record<string, number>;
  booked: number;
  rowsBooked: number;
  ms: number;
};

/** A Wednesday two weeks on or later: inside the online horizon, past the notice, open. */
export function raceDay(today: string): string {
  let date = addDays(today, 14);
  while (weekdayOf(date) !== 3) date = addDays(date, 1);
  return date;
}

const body = (index: number, date: string) =>
  JSON.stringify({
    firstName: "Visitor",
    lastName: `Number ${index + 1}`,
    email: `visitor.${index + 1}@example.com`,
    phone: `(410) 555-01${String(index % 100).padStart(2, "0")}`,
    service: "oil-change",
    vehicle: "2017 Honda Civic",
    date,
    kind: "drop-off",
    note: "I can drop it off before work.",
  });

function onlineBookingsOn(stateDir: string, date: string): number {
  const db = new DatabaseSync(localD1File(path.join(projectRoot, stateDir)), { readOnly: true });
  try {
    const row = db
      .prepare(
        "select count(*) as n from appointments a join service_requests r on r.id = a.service_request_id where a.date = ? and a.kind = 'drop-off' and a.status <> 'cancelled' and r.booked_online = 1",
      )
      .get(date) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

/** The 200 posts at once (one connection each); what they were answered, and what D1 holds after. */
export async function raceForPlaces(origin: string, stateDir: string, today: string): Promise<BookingRace> {
  const date = raceDay(today);
  const start = performance.now();
  const answers = await Promise.all(
    Array.from({ length: BOOKERS }, async (_, index) => {
      const response = await fetch(`${origin}/api/bookings`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: body(index, date),
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const ms = performance.now() - start;
  const statuses: Record<string, number> = {};
  for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  return { date, statuses, booked: statuses[201] ?? 0, rowsBooked: onlineBookingsOn(stateDir, date), ms };
}

export function raceLines(race: BookingRace): string[] {
  const answered = Object.entries(race.statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(", ");
  return [
    `${BOOKERS} bookings at once for ${ONLINE_PLACES} drop-off places online on ${race.date}: ${race.booked} booked (${answered}) in ${(race.ms / 1000).toFixed(1)} s; D1 holds ${race.rowsBooked} online bookings that day`,
  ];
}

export function raceChecks(race: BookingRace): Check[] {
  const serverErrors = Object.entries(race.statuses)
    .filter(([status]) => status.startsWith("5"))
    .reduce((sum, [, count]) => sum + count, 0);
  const others = BOOKERS - race.booked - (race.statuses[409] ?? 0);
  return [
    {
      ok: race.booked === ONLINE_PLACES && race.rowsBooked === ONLINE_PLACES,
      line: `crowd: ${BOOKERS} bookings at once for ${ONLINE_PLACES} places: ${race.booked} booked, ${race.rowsBooked} in D1 (target exactly ${ONLINE_PLACES})`,
    },
    {
      ok: others === 0,
      line: `crowd: the other bookings told the day is full (409): ${BOOKERS - race.booked - others}, otherwise ${others} (${serverErrors} 5xx; target 0)`,
    },
  ];
}
