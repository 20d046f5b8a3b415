// Estimates written straight into a bench database with the columns the app's own writes fill
// (app/features/estimates/server/estimate-store.server.ts, sending.server.ts, decision.server.ts):
// each estimate with its versions, the customer's decision (its frozen snapshot), the emails'
// ledger rows (estimate_messages) and an audit entry for each staff write. Used by the growth part
// (./../growth/growth.ts), the crowd part (../crowd/crowd.ts) and the estimates part (./estimates.ts).
//
// A sent estimate's customer link is derived as the Worker derives it
// (app/features/estimates/server/estimate-link.server.ts): HMAC-SHA-256 of `estimate-link:<salt>`
// under the "estimate-link" key, that key HKDF-SHA-256 of the link secret (app/keys/keys.server.ts),
// here the local one in .dev.vars, so the links the seed returns open on the local server.
import { createHash, createHmac, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { localD1File } from "../../local-d1.ts";
import { rightsText } from "../../../app/features/estimates/rights.ts";
import type { EstimateLine } from "../../../app/features/estimates/vocabulary.ts";
import { generator } from "../../seed-desk.ts";
import { projectRoot } from "../server.ts";

/** Opens a bench state folder's local D1 file, runs `work` on it, closes it. */
export function withLocalD1<T>(stateDir: string, work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(localD1File(path.resolve(projectRoot, stateDir)));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** LINK_SECRET, or SESSION_SECRET while it is unset (keys.server.ts), from the local .dev.vars. */
export function localLinkSecret(): string {
  const vars = Object.fromEntries(
    readFileSync(path.join(projectRoot, ".dev.vars"), "utf8")
      .split("\n")
      .map((line) => /^\s*([A-Z_]+)\s*=\s*"?([^"]*)"?\s*$/.exec(line))
      .flatMap((match) => (match ? [[match[1]!, match[2]!]] : [])),
  );
  const secret = vars.LINK_SECRET ?? vars.SESSION_SECRET;
  if (!secret) throw new Error("No LINK_SECRET or SESSION_SECRET in .dev.vars (npm run setup:local makes one)");
  return secret;
}

/** The customer's token for a salt, as estimateToken() makes it. */
export function estimateToken(secret: string, salt: string): string {
  const key = Buffer.from(hkdfSync("sha256", secret, new Uint8Array(0), "estimate-link", 32));
  return createHmac("sha256", key).update(`estimate-link:${salt}`).digest("base64url");
}

const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The shop's guesses, on the high side: lines an estimate has, revisions (a second version; a
 * third for some), the customer's decision, and a revision past 10% that is sent again.
 */
const SHARES = { revised: 0.5, thirdVersion: 0.15, decided: 0.7, resent: 0.2 };
const TYPICAL_LINES = 8;
const TAX_RULE = { rateBasisPoints: 600, appliesTo: ["part", "fee"] };
const DESCRIPTIONS = [
  ["labour", "Replace front brake pads and resurface rotors"],
  ["part", "Front brake pads, ceramic (OEM equivalent)"],
  ["part", "Serpentine belt, 6-rib, 2,135 mm"],
  ["labour", "Diagnose check engine light (P0420, catalyst efficiency)"],
  ["fee", "Shop supplies and disposal"],
  ["part", "Synthetic oil 0W-20, 5 quarts, and filter"],
  ["labour", "Replace lower control arm bushings, both sides"],
  ["part", "Cabin air filter"],
] as const;
const SEVERITY = ["red", "yellow", "green"] as const;
const NOTE = "Measured 2 mm at the inner pad; the rotor shows scoring. We recommend doing it before winter.";
const ACTOR_ID = "3f2b8c1e-6a4d-4e8f-9b7a-2c5d1e0f4a6b";
const CLIENT = "198.51.100.24";
const RIGHTS = rightsText();

function linesFor(count: number, random: () => number): EstimateLine[] {
  return Array.from({ length: count }, (_, index) => {
    const [kind, description] = DESCRIPTIONS[index % DESCRIPTIONS.length]!;
    const quantity = kind === "labour" ? 1.5 : 1;
    const unitPrice = 2_000 + Math.floor(random() * 30_000);
    return {
      id: randomUUID(),
      kind,
      description,
      quantity,
      unitPrice,
      total: Math.round(quantity * unitPrice),
      severity: SEVERITY[index % SEVERITY.length]!,
      note: random() < 0.3 ? NOTE : null,
    };
  });
}

function totalsOf(lines: EstimateLine[]) {
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  const taxable = lines.reduce((sum, line) => sum + (line.kind === "labour" ? 0 : line.total), 0);
  const tax = Math.round((taxable * TAX_RULE.rateBasisPoints) / 10_000);
  return { subtotal, tax, total: subtotal + tax };
}

export type SeededEstimates = { written: number; tokens: string[]; ids: string[]; requestIds: string[] };

/**
 * Writes `count` sent estimates on the service requests (in turn, newest first), each of `lines`
 * lines (8 unless told) and shares of revisions and decisions unless `plain` (one version, no
 * decision: what the customer's page and the record page are measured on), on the requests
 * after the `skip` newest. Returns the links.
 */
export function addEstimates(
  db: DatabaseSync,
  {
    count,
    now,
    lines = TYPICAL_LINES,
    plain = false,
    skip = 0,
  }: { count: number; now: number; lines?: number; plain?: boolean; skip?: number },
): SeededEstimates {
  const random = generator(39).next;
  const secret = localLinkSecret();
  const requests = db
    .prepare("select id, submitted_at from service_requests where status <> 'spam' order by submitted_at desc")
    .all() as { id: string; submitted_at: number }[];
  if (requests.length === 0) throw new Error("addEstimates: no service requests to put estimates on");
  const first = (db.prepare("select coalesce(max(number), 1000) + 1 as n from estimates").get() as { n: number }).n;
  const estimate = db.prepare(
    "insert into estimates (id, number, service_request_id, status, version, token_salt, token_hash, created_at, created_by, updated_at, sent_at) values (?, ?, ?, ?, ?, ?, ?, ?, 'Bench Staff', ?, ?)",
  );
  const version = db.prepare(
    "insert into estimate_versions (estimate_id, version, vehicle, lines, subtotal, tax, total, tax_rule, created_at, created_by) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'Bench Staff')",
  );
  const approval = db.prepare(
    "insert into estimate_approvals (id, estimate_id, version, decided_at, name, approved_total, snapshot, client_address, user_agent) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const message = db.prepare(
    "insert into estimate_messages (estimate_id, purpose, version, created_at, created_by, due_at, sent_at, attempts) values (?, ?, ?, ?, ?, ?, ?, 1)",
  );
  const audit = db.prepare(
    "insert into audit_log (at, actor_id, actor_name, action, target, detail, client) values (?, ?, 'Bench Staff', ?, ?, ?, ?)",
  );
  const result: SeededEstimates = { written: 0, tokens: [], ids: [], requestIds: [] };
  const vehicle = JSON.stringify({
    year: 2017,
    make: "Honda",
    model: "Civic",
    vin: "2HGFC2F59HH512345",
    mileage: 84210,
  });
  db.exec("begin");
  for (let index = 0; index < count; index++) {
    const request = requests[skip + (index % (requests.length - skip))]!;
    const id = randomUUID();
    const target = `service-requests/${request.id}`;
    const created = Math.min(now, request.submitted_at + 86_400_000);
    const versions = plain ? 1 : random() < SHARES.revised ? (random() < SHARES.thirdVersion ? 3 : 2) : 1;
    let current = linesFor(lines, random);
    const salt = randomBytes(16).toString("base64url");
    const token = estimateToken(secret, salt);
    const decided = !plain && random() < SHARES.decided;
    const status = decided ? (versions > 1 && random() < SHARES.resent ? "needs approval" : "approved") : "sent";
    estimate.run(
      id,
      first + index,
      request.id,
      status,
      versions,
      salt,
      sha256Hex(token),
      created,
      now,
      created + 600_000,
    );
    audit.run(created, ACTOR_ID, "estimate.create", target, JSON.stringify({ estimate: id }), CLIENT);
    audit.run(
      created + 600_000,
      ACTOR_ID,
      "estimate.send",
      target,
      JSON.stringify({ estimate: id, version: 1 }),
      CLIENT,
    );
    message.run(id, "estimate", 1, created + 600_000, "Bench Staff", created + 600_000, created + 602_000);
    for (let number = 1; number <= versions; number++) {
      const at = created + (number - 1) * 3_600_000;
      if (number > 1) {
        // A revision keeps the lines' ids, a price changed and a line added.
        current = [...current.map((line) => ({ ...line, unitPrice: line.unitPrice + 500 })), ...linesFor(1, random)];
        audit.run(at, ACTOR_ID, "estimate.revise", target, JSON.stringify({ estimate: id, version: number }), CLIENT);
      }
      const totals = totalsOf(current);
      version.run(
        id,
        number,
        vehicle,
        JSON.stringify(current),
        totals.subtotal,
        totals.tax,
        totals.total,
        JSON.stringify(TAX_RULE),
        at,
      );
      if (decided && number === 1) {
        const approved = current.filter((line) => line.severity !== "green").map((line) => line.id);
        const declined = current.filter((line) => line.severity === "green").map((line) => line.id);
        const snapshot = {
          estimateNumber: first + index,
          version: number,
          vehicle: JSON.parse(vehicle) as unknown,
          lines: current,
          ...totals,
          taxRule: TAX_RULE,
          rightsText: RIGHTS,
          approvedLineIds: approved,
          declinedLineIds: declined,
          approvedTotal: totals.total,
        };
        const userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
        approval.run(
          randomUUID(),
          id,
          number,
          at + 7_200_000,
          "Jordan Avery",
          totals.total,
          JSON.stringify(snapshot),
          CLIENT,
          userAgent,
        );
        message.run(id, "decision", number, at + 7_200_000, null, at + 7_200_000, at + 7_202_000);
      }
    }
    if (status === "needs approval")
      message.run(id, "estimate", versions, created, "Bench Staff", created + 10_000_000, created + 10_002_000);
    result.written++;
    result.tokens.push(token);
    result.ids.push(id);
    result.requestIds.push(request.id);
  }
  db.exec("commit");
  return result;
}
