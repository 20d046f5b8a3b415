// The submissions part: 500 POST /api/contact at concurrency 25 on the pages' server, then the
// rows D1 gained: every one stored, no 5xx.
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { localD1File } from "../local-d1.ts";
import { autocannon } from "./autocannon.ts";
import type { Check } from "./output.ts";
import { origin, stateDir } from "./pages.ts";
import { projectRoot } from "./server.ts";

const SUBMISSIONS = 500;

export type Submissions = { created: number; serverErrors: number; rowsAdded: number; rps: number; errors: number };

function d1Rows(table: string): number {
  const db = new DatabaseSync(localD1File(path.join(projectRoot, stateDir)), { readOnly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

export function benchSubmissions(log: (line: string) => void): Submissions {
  log(`Submitting ${SUBMISSIONS} contact messages…`);
  const rowsBefore = d1Rows("contact_submissions");
  const body = JSON.stringify({
    firstName: "Bench",
    lastName: "Mark",
    email: "bench@example.com",
    phone: "(410) 555-0100",
    message: "Load test message from npm run bench.",
  });
  const submissionRun = autocannon([
    "-a",
    String(SUBMISSIONS),
    "-c",
    "25",
    "-m",
    "POST",
    "-H",
    "Content-Type=application/json",
    "-b",
    body,
    `${origin}/api/contact`,
  ]);
  const created = submissionRun.statusCodeStats?.["201"]?.count ?? 0;
  const serverErrors = Object.entries(submissionRun.statusCodeStats ?? {})
    .filter(([code]) => code.startsWith("5"))
    .reduce((sum, [, stat]) => sum + stat.count, 0);
  return {
    created,
    serverErrors,
    rowsAdded: d1Rows("contact_submissions") - rowsBefore,
    rps: submissionRun.requests.average,
    errors: submissionRun.errors,
  };
}

export const submissionsDetails = (submissions: Submissions) => [
  `Submissions: ${SUBMISSIONS} POST /api/contact at concurrency 25: ${submissions.rps.toFixed(0)} req/s, ${submissions.created} × 201, ${submissions.serverErrors} × 5xx, ${submissions.errors} connection errors, ${submissions.rowsAdded} rows added to D1`,
];

export const submissionsChecks = (submissions: Submissions): Check[] => [
  {
    ok:
      submissions.created === SUBMISSIONS &&
      submissions.rowsAdded === submissions.created &&
      submissions.serverErrors === 0,
    line: `submissions: ${submissions.created}/${SUBMISSIONS} stored (201), ${submissions.rowsAdded} rows, ${submissions.serverErrors} × 5xx (target: all stored, rows = 201s, no 5xx)`,
    timing: false,
  },
];
