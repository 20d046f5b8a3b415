// Fills a LOCAL D1 with realistic inbox records, for trying the inbox and measuring it at scale:
//
//   npm run db:seed -- --count 100000 [--persist-to DIR] [--clear]
//
// --count N of each kind (contact messages and service requests), spread over the past two years, newest mostly
// `new` or `contacted`, older mostly `closed`, about 1% spam; status changes come with their history, and the
// call-back desk's log (calls, notes, emails; the first contact minutes to days after arrival, some never),
// assignees and follow-ups. One regular customer (Dana Regular) sent the first 12 of each kind, so a record's "Same
// customer" has more than the page shows at once (and more than it reads). Three colleagues (pat, maria, dennis) are
// added as members who cannot sign in (no password) unless an owner resets one. Applies the migrations first, then
// writes straight into the SQLite file that wrangler keeps for D1 (node:sqlite, one transaction: 100,000 of each
// kind in seconds, where `wrangler d1 execute` would take minutes). Stop `npm start` first: the server holds the
// file. Never touches the production D1. Deterministic for a given --seed.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { requestChoicesOf, shippedServices } from "../app/content/services.ts";
import { INBOX_KINDS, inboxKinds } from "../app/records/kinds.ts";
import { DEFAULT_STATE_DIR, localD1File } from "./local-d1.ts";
import { fate, generator, type Random } from "./seed-desk.ts";
import { seedJobs } from "./seed-jobs.ts";
import {
  AREA_CODES,
  CONTACT_MESSAGES,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  SERVICE_MESSAGES,
  SPAM_LINK_MESSAGES,
  VEHICLES,
} from "./seed-visitors.ts";

const USAGE = "Usage: npm run db:seed -- --count <N> [--persist-to DIR] [--clear] [--seed <number>]";
const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const DAY = 86_400_000;

class CliError extends Error {}

const STAFF = ["pat", "maria", "dennis"];
const STAFF_NAMES: Record<string, string> = { pat: "Pat Kowalski", maria: "Maria Garcia", dennis: "Dennis Okafor" };

type Vehicle = { year: number; make: string; model: string; mileage: number };

function vehicle(random: Random): Vehicle {
  const [make, model] = random.pick(VEHICLES);
  return { year: random.int(2005, 2025), make, model, mileage: random.int(12_000, 220_000) };
}

function fillIn(template: string, car: Vehicle): string {
  return template
    .replaceAll("{make}", car.make)
    .replaceAll("{model}", car.model)
    .replaceAll("{year}", String(car.year))
    .replaceAll("{miles}", car.mileage.toLocaleString("en-US"));
}

/** The optional fields of a service request: about half give the vehicle, a third a visit. */
function vehicleAndVisit(random: Random, car: Vehicle, submittedAt: number) {
  const gives = random.next() < 0.5;
  const visit = random.next() < 0.33;
  const day = new Date(submittedAt + random.int(1, 14) * DAY).toISOString().slice(0, 10);
  return [
    gives ? car.year : null,
    gives ? car.make : null,
    gives ? car.model : null,
    gives && random.next() < 0.6 ? car.mileage : null,
    visit ? day : null,
    visit ? random.pick(["morning", "afternoon", "any"]) : null,
    visit ? random.pick(["wait", "drop-off"]) : null,
  ] as const;
}

function phoneNumber(random: Random): string {
  const area = random.pick(AREA_CODES);
  const line = `01${String(random.int(0, 99)).padStart(2, "0")}`;
  return random.pick([
    `(${area}) 555-${line}`,
    `${area}-555-${line}`,
    `${area}.555.${line}`,
    `${area}555${line}`,
    `+1 ${area} 555 ${line}`,
    `${area} 555 ${line}`,
  ]);
}

type Person = { firstName: string; lastName: string; email: string; phone: string };

function person(random: Random): Person {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, "");
  const email = `${random.next() < 0.5 ? local : `${local}${random.int(1, 99)}`}@${random.pick(EMAIL_DOMAINS)}`;
  return { firstName, lastName, email, phone: phoneNumber(random) };
}

/** How many records of each kind the regular customer sent. */
const REGULAR_REQUESTS = 12;
const regular: Person = {
  firstName: "Dana",
  lastName: "Regular",
  email: "dana.regular@example.com",
  phone: "(410) 555-0142",
};

// ------------------------------------------------------------------------------------------------

function applyMigrations(stateDir: string | undefined) {
  const args = ["d1", "migrations", "apply", "DB", "--local", "--config", "wrangler.toml"];
  if (stateDir) args.push("--persist-to", stateDir);
  const result = spawnSync("wrangler", args, {
    cwd: projectRoot,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" },
  });
  if (result.error) throw new CliError(`Could not run wrangler (${result.error.message}): use npm run db:seed.`);
  if (result.status !== 0) throw new CliError(`Applying the migrations failed:\n${result.stdout}\n${result.stderr}`);
}

export type SeedOptions = {
  count: number;
  stateDir?: string;
  clear?: boolean;
  seed?: number;
  now?: number;
  /** The kinds to add (both unless told): the growth bench measures one kind at a time. */
  kinds?: readonly (typeof INBOX_KINDS)[number][];
};

/** Applies the migrations to the local D1 under `stateDir` and adds `count` records of each kind. */
export function seedInbox({ count, stateDir, clear = false, seed = 1992, now = Date.now(), kinds }: SeedOptions) {
  applyMigrations(stateDir);
  const db = new DatabaseSync(localD1File(path.resolve(projectRoot, stateDir ?? DEFAULT_STATE_DIR)));
  const random = generator(seed);
  const insertContact = db.prepare(
    `insert into ${inboxKinds.contact.tableName} (id, first_name, last_name, email, phone, message, submitted_at, status, spam_reason) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRequest = db.prepare(
    `insert into ${inboxKinds.serviceRequest.tableName} (id, first_name, last_name, email, phone, service, message, submitted_at, status, spam_reason, ` +
      "vehicle_year, vehicle_make, vehicle_model, mileage, preferred_date, preferred_time, visit_type) " +
      "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertChange = db.prepare(
    "insert into submission_status_changes (submission_kind, submission_id, status, changed_by, changed_at) values (?, ?, ?, ?, ?)",
  );
  const insertActivity = db.prepare(
    "insert into submission_activity (submission_kind, submission_id, type, outcome, note, by, at) values (?, ?, ?, ?, ?, ?, ?)",
  );
  const setDesk = (kind: (typeof INBOX_KINDS)[number]) =>
    db.prepare(
      `update ${inboxKinds[kind].tableName} set first_contact_at = ?, follow_up_at = ?, assignee = ? where id = ?`,
    );
  const setDeskOf = { contact: setDesk("contact"), serviceRequest: setDesk("serviceRequest") };
  // The colleagues records are given to: members without a password (it never verifies).
  const insertMember = db.prepare(
    "insert or ignore into users (id, username, password, role, display_name, created_at) values (?, ?, '!', 'staff', ?, ?)",
  );
  const services = requestChoicesOf(shippedServices).map((choice) => choice.value);
  const span = 730 * DAY;

  db.exec("begin");
  try {
    if (clear) {
      db.exec("delete from submission_status_changes");
      db.exec("delete from submission_activity");
      for (const kind of INBOX_KINDS) db.exec(`delete from ${inboxKinds[kind].tableName}`);
    }
    for (const username of STAFF) insertMember.run(randomUUID(), username, STAFF_NAMES[username]!, now);
    for (const kind of kinds ?? INBOX_KINDS) {
      let previous = now;
      for (let index = 0; index < count; index++) {
        // Now and then two records share a millisecond, as two visitors' forms can.
        const submittedAt = random.next() < 0.02 ? previous : now - Math.floor(random.next() ** 1.15 * span);
        previous = submittedAt;
        const id = randomUUID();
        const who = index < REGULAR_REQUESTS ? regular : person(random);
        const { status, spamReason, changes, firstContactAt, activity } = fate(random, submittedAt, now);
        const car = vehicle(random);
        const message =
          status === "spam" && spamReason === "links"
            ? random.pick(SPAM_LINK_MESSAGES)
            : fillIn(random.pick(kind === "contact" ? CONTACT_MESSAGES : SERVICE_MESSAGES), car);
        const row = [id, who.firstName, who.lastName, who.email, who.phone] as const;
        if (kind === "contact") insertContact.run(...row, message, submittedAt, status, spamReason);
        else {
          const extra = vehicleAndVisit(random, car, submittedAt);
          insertRequest.run(...row, random.pick(services), message, submittedAt, status, spamReason, ...extra);
        }
        const handler = random.pick(STAFF);
        for (const change of changes) insertChange.run(kind, id, change.status, handler, change.at);
        for (const entry of activity)
          insertActivity.run(kind, id, entry.type, entry.outcome, entry.note, handler, entry.at);
        // Open records: most have someone on them, some a time to call back (overdue, today or later).
        const open = status === "new" || status === "contacted";
        const assignee = status === "spam" ? null : random.next() < (open ? 0.6 : 0.8) ? handler : null;
        const followUpAt =
          open && random.next() < 0.35 ? now + Math.round(((random.next() * 5 - 2) * DAY) / 900_000) * 900_000 : null;
        if (firstContactAt !== null || followUpAt !== null || assignee !== null) {
          setDeskOf[kind].run(firstContactAt, followUpAt, assignee, id);
        }
      }
    }
    db.exec("commit");
  } catch (error) {
    db.exec("rollback");
    throw error;
  } finally {
    db.close();
  }
}

function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      count: { type: "string" },
      "persist-to": { type: "string" },
      clear: { type: "boolean", default: false },
      seed: { type: "string" },
    },
  });
  const count = Number(values.count);
  if (positionals.length > 0 || !Number.isInteger(count) || count < 1 || count > 1_000_000) throw new CliError(USAGE);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new CliError(USAGE);

  const startedAt = performance.now();
  const stateDir = values["persist-to"];
  seedInbox({ count, stateDir, clear: values.clear, seed });
  const jobs = seedJobs({
    stateDir: path.resolve(projectRoot, stateDir ?? DEFAULT_STATE_DIR),
    count,
    clear: values.clear,
  });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(
    `Added ${count.toLocaleString("en-US")} contact messages and ${count.toLocaleString("en-US")} service requests, ` +
      `${jobs.estimates} estimates and appointments (${jobs.appointments} in the calendar) ` +
      `to the local D1 (${stateDir ?? DEFAULT_STATE_DIR}) in ${seconds} s.`,
  );
}

if (import.meta.main) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof CliError ? error.message : error);
    process.exitCode = 1;
  }
}
