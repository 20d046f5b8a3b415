// The growth part of `npm run bench` (alone: `npm run bench -- growth`, about a minute; issue 41):
// how many bytes D1 keeps per 1,000 records of each kind with what comes with them, measured on
// the local D1 file itself: a fresh database (the migrations), then each entry of GROWTH below
// written in turn with the app's columns (scripts/seed.ts, ./companions.ts), the file vacuumed
// after each, the difference per 1,000, and per table from SQLite's `dbstat`. From those, the
// years until D1's 10 GB per database at the shop's volume and at a hundred times it. Bytes
// kept in R2 (photos) are counted apart: they do not count toward D1's limit.
import { statSync } from "node:fs";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { seedInbox } from "../../seed.ts";
import { localD1File } from "../../local-d1.ts";
import type { InboxBench } from "../inbox.ts";
import { freshDatabase, projectRoot } from "../server.ts";
import { STORED_PHOTO_BYTES } from "../estimates/photos.ts";
import { addEstimates, withLocalD1 } from "../estimates/seed.ts";
import { addAppointments, addRecordCompanions, RECORD_TABLES, type RecordKind } from "./companions.ts";

const stateDir = ".wrangler/bench-growth-state";
const COUNT = Number(process.env.BENCH_GROWTH_RECORDS ?? 20_000);
/** D1's size limit per database (Cloudflare's "10 GB", read as 10^9 bytes: the earlier of the two). */
const D1_LIMIT_BYTES = 10e9;
/** The shop's volume: 30 service requests a day. */
const SHOP_REQUESTS_PER_DAY = 30;
const SCALES = [1, 100];
/**
 * Tables the nightly purges keep only so many days of: they stop growing there. The audit log's
 * 400 days are AUDIT_KEEP_DAYS in app/features/audit/audit.server.ts (spam's 30 days are left out:
 * about 1% of the records).
 */
const KEPT_DAYS: Record<string, number> = { audit_log: 400 };
/**
 * What an estimate keeps in R2: its photos (decision 071), counted high as for D1: every estimate
 * with photos, 4 each (a typical estimate's 8 lines have a few worn parts to show), each a phone's
 * photo with the three copies the upload makes, as heavy as the weight part measured them.
 */
const PHOTOS_AN_ESTIMATE = 4;
const ESTIMATE_PHOTO_R2_BYTES = PHOTOS_AN_ESTIMATE * STORED_PHOTO_BYTES;

export type GrowthEntry = {
  /** What 1,000 of are measured, with what comes with each. */
  name: string;
  /** How many a day at the shop's volume (30 requests a day). */
  perShopDay: number;
  /** Bytes each keeps in R2 (photos), beside D1. */
  r2BytesEach: number;
  /** Writes `count` of them into the database; returns how many it wrote. */
  fill: (count: number, now: number) => number;
};

const withDatabase = <T>(work: (db: DatabaseSync) => T): T => withLocalD1(stateDir, work);

const recordsOf = (kind: RecordKind) => (count: number, now: number) => {
  seedInbox({ count, stateDir, now, kinds: [kind] });
  return withDatabase((db) => {
    addRecordCompanions(db, kind);
    return (db.prepare(`select count(*) as n from ${RECORD_TABLES[kind]}`).get() as { n: number }).n;
  });
};

// One entry per kind of thing the shop keeps, in the order written (appointments need the
// service requests). Counted on the high side: as many contact messages a day as requests, and
// an appointment for every request.
export const GROWTH: GrowthEntry[] = [
  {
    name: "contact messages (email ledger, replies and answers, history, audit)",
    perShopDay: SHOP_REQUESTS_PER_DAY,
    r2BytesEach: 0,
    fill: recordsOf("contact"),
  },
  {
    name: "service requests (email ledger, replies and answers, history, audit)",
    perShopDay: SHOP_REQUESTS_PER_DAY,
    r2BytesEach: 0,
    fill: recordsOf("serviceRequest"),
  },
  {
    name: "appointments (their emails, review requests, audit)",
    perShopDay: SHOP_REQUESTS_PER_DAY,
    r2BytesEach: 0,
    fill: (count, now) => withDatabase((db) => addAppointments(db, count, now)),
  },
  {
    // An estimate for every request (the high side), each with its versions, the customer's
    // decision and its snapshot, its emails' ledger rows and audit entries (../estimates/seed.ts).
    name: "estimates (versions, decisions and snapshots, emails, audit)",
    perShopDay: SHOP_REQUESTS_PER_DAY,
    r2BytesEach: ESTIMATE_PHOTO_R2_BYTES,
    fill: (count, now) => withDatabase((db) => addEstimates(db, { count, now }).written),
  },
];

type Measured = { fileBytes: number; pageBytes: number; tables: Map<string, number> };

/** Vacuums the database and measures it: the file, its pages, and each table's pages (its indexes with it). */
function measure(): Measured {
  return withDatabase((db) => {
    db.exec("pragma wal_checkpoint(truncate)");
    db.exec("vacuum");
    const { bytes } = db
      .prepare("select page_count * page_size as bytes from pragma_page_count, pragma_page_size")
      .get() as {
      bytes: number;
    };
    const rows = db
      .prepare(
        "select coalesce(m.tbl_name, s.name) as name, sum(s.pgsize) as bytes from dbstat s left join sqlite_schema m on m.name = s.name group by 1",
      )
      .all() as { name: string; bytes: number }[];
    const fileBytes = statSync(localD1File(path.resolve(projectRoot, stateDir))).size;
    return { fileBytes, pageBytes: bytes, tables: new Map(rows.map((row) => [row.name, row.bytes])) };
  });
}

const MB = 1_000_000;
const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;
const pad = (text: string, width: number) => text.padEnd(width);

/** Fills and measures each entry in turn; prints bytes per 1,000 and the years to D1's limit. */
export function benchGrowth(log: (line: string) => void): InboxBench {
  log(`Growth: ${COUNT.toLocaleString("en-US")} of each kind into a fresh local D1, vacuumed after each…`);
  freshDatabase(stateDir);
  const now = Date.now();
  const empty = measure();
  let before = empty;
  const rows = GROWTH.map((entry) => {
    const written = entry.fill(COUNT, now);
    const after = measure();
    const tables = [...after.tables]
      .map(([name, bytes]) => ({ name, bytes: bytes - (before.tables.get(name) ?? 0) }))
      .filter((table) => table.bytes > 0)
      .sort((a, b) => b.bytes - a.bytes);
    const per1000 = ((after.fileBytes - before.fileBytes) / written) * 1000;
    before = after;
    return {
      name: entry.name,
      written,
      per1000,
      perShopDay: entry.perShopDay,
      r2Per1000: entry.r2BytesEach * 1000,
      tables,
    };
  });
  const dayBytes = rows.reduce((sum, row) => sum + (row.per1000 / 1000) * row.perShopDay, 0);
  const dayR2 = rows.reduce((sum, row) => sum + (row.r2Per1000 / 1000) * row.perShopDay, 0);
  // Each day's bytes of the purged tables, and what they come to once the purge keeps pace.
  const purgedDay = rows.reduce(
    (sum, row) =>
      sum +
      row.tables
        .filter((table) => KEPT_DAYS[table.name])
        .reduce((bytes, table) => bytes + (table.bytes / row.written) * row.perShopDay, 0),
    0,
  );
  const purgedAtMost = rows.reduce(
    (sum, row) =>
      sum +
      row.tables.reduce(
        (bytes, table) => bytes + (table.bytes / row.written) * row.perShopDay * (KEPT_DAYS[table.name] ?? 0),
        0,
      ),
    0,
  );
  const years = (scale: number) =>
    (D1_LIMIT_BYTES - empty.fileBytes - purgedAtMost * scale) / ((dayBytes - purgedDay) * scale * 365.25);
  const totals = [...before.tables].sort((a, b) => b[1] - a[1]);
  const table = [
    `Growth: bytes D1 keeps (the file after VACUUM; ${COUNT.toLocaleString("en-US")} written of each, empty database ${mb(empty.fileBytes)})`,
    `${pad("per 1,000", 72)} D1         R2     a shop day  largest tables`,
    ...rows.map(
      (row) =>
        `${pad(row.name, 72)} ${pad(mb(row.per1000), 10)} ${pad(mb(row.r2Per1000), 6)} ${String(row.perShopDay).padStart(10)}  ` +
        row.tables
          .slice(0, 3)
          .map((each) => `${each.name} ${Math.round((each.bytes / (row.per1000 * (row.written / 1000))) * 100)}%`)
          .join(", "),
    ),
    ...SCALES.map(
      (scale) =>
        `At ${(SHOP_REQUESTS_PER_DAY * scale).toLocaleString("en-US")} requests a day: ${mb(dayBytes * scale)} a day in D1 (R2 ${mb(dayR2 * scale)}), ` +
        `of which ${mb(purgedDay * scale)} purged after ${Object.entries(KEPT_DAYS)
          .map(([name, days]) => `${days} days (${name}, at most ${mb(purgedAtMost * scale)})`)
          .join(", ")}; ` +
        `${mb((dayBytes - purgedDay) * scale * 365.25)} a year kept: D1's 10 GB in ${years(scale).toFixed(1)} years`,
    ),
    `The whole database by table: ${totals
      .slice(0, 6)
      .map(([name, bytes]) => `${name} ${Math.round((bytes / before.pageBytes) * 100)}%`)
      .join(", ")}`,
  ];
  return {
    table,
    checks: [],
    report: {
      count: COUNT,
      emptyBytes: empty.fileBytes,
      rows,
      dayBytes,
      dayR2,
      purgedDay,
      purgedAtMost,
      years: SCALES.map(years),
    },
  };
}
