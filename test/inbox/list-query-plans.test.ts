import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "../support/http";
import { d1Sessions } from "../support/d1";
import { staffSessionCookie } from "../support/staff";

// Every list staff read asks D1 for what it needs by an index: `EXPLAIN QUERY PLAN` of each query
// a list's request runs must not read a records table whole (a plain "SCAN contact_submissions").
// At 100,000 records of each kind such a query costs tens of milliseconds a request
// (docs/performance.md); an index walk that stops at the page's end does not. The one exception is
// a search of closed records: it looks for text anywhere in a record (decision 021), so it reads its
// table once for its page and its count, and never more than once.

const RECORD_TABLES = ["contact_submissions", "service_requests"];

type Query = { sql: string; params: unknown[] };

/** A D1 binding that runs every query as the real one and keeps each statement's SQL and parameters. */
function recordingDb(seen: Query[]): D1Database {
  return d1Sessions((session) => ({
    prepare(sql) {
      const statement = session.prepare(sql);
      const query: Query = { sql, params: [] };
      seen.push(query);
      const bind = statement.bind.bind(statement);
      statement.bind = (...params: unknown[]) => {
        query.params = params;
        return bind(...params);
      };
      return statement;
    },
  }));
}

async function fullScans(path: string, cookie: string): Promise<{ reads: number; scans: string[]; plans: string[] }> {
  const seen: Query[] = [];
  const response = await fetchWorker(path, { headers: { Cookie: cookie } }, { bindings: { DB: recordingDb(seen) } });
  expect(response.status, path).toBe(200);
  await response.arrayBuffer();
  const scans: string[] = [];
  const plans: string[] = [];
  const reads = seen.filter(
    ({ sql }) => /^\s*(select|with)\b/i.test(sql) && RECORD_TABLES.some((table) => sql.includes(table)),
  );
  for (const { sql, params } of reads) {
    const { results } = await env.DB.prepare(`explain query plan ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    // A records table read under another name (`contact_submissions as other`) is named by it in the plan.
    const names = new Map(RECORD_TABLES.map((table) => [table, table]));
    for (const [, table, alias] of sql.matchAll(/"?(contact_submissions|service_requests)"? as (\w+)/g)) {
      names.set(alias!, table!);
    }
    for (const { detail } of results) {
      plans.push(detail);
      // "SCAN <table>" alone; "SCAN <table> USING INDEX …" walks an index in order and stops at the page's end.
      const scanned = /^SCAN (\w+)$/.exec(detail)?.[1];
      const table = scanned ? names.get(scanned) : undefined;
      if (table) scans.push(`SCAN ${table}`);
    }
  }
  return { reads: reads.length, scans, plans };
}

const staffCookie = () => staffSessionCookie(`plans-${crypto.randomUUID().slice(0, 8)}`);

describe("the lists' query plans", () => {
  it.each([
    "/incoming",
    "/incoming?tab=service-requests",
    "/incoming?due=1",
    "/incoming?assignee=me",
    "/incoming?status=all",
    "/incoming/insights",
    "/incoming/insights?days=90",
    "/api/contact-submissions?status=all",
    "/api/contact-submissions.csv?status=all",
  ])("%s reads no records table whole", async (path) => {
    const { reads, scans } = await fullScans(path, await staffCookie());
    expect(reads, "the records it read").toBeGreaterThan(0);
    expect(scans).toEqual([]);
  });

  // A record's page and API: the customer's other requests and "Returning" by the keys' indexes (decision 047).
  it.each(["/incoming/contact-messages/", "/api/contact-submissions/", "/api/service-requests/"])(
    "%s<id> reads no records table whole",
    async (path) => {
      const kind = path.includes("service") ? "service_requests" : "contact_submissions";
      const id = crypto.randomUUID();
      await env.DB.prepare(
        `insert into ${kind} (id, first_name, last_name, email, phone, message${kind === "service_requests" ? ", service" : ""})
         values (?, 'Plan', 'Reader', 'plan.reader@example.com', '410-555-0111', 'Plans'${kind === "service_requests" ? ", 'oil-change'" : ""})`,
      )
        .bind(id)
        .run();
      const { reads, scans } = await fullScans(`${path}${id}`, await staffCookie());
      expect(reads, "the records it read").toBeGreaterThan(0);
      expect(scans).toEqual([]);
    },
  );

  // Closed is where nearly every record ends up: a search that includes it reads the table in order.
  it.each([
    ["/incoming?q=smith&status=all", "contact_submissions"],
    ["/incoming?q=410%20555%200147&status=closed", "contact_submissions"],
    ["/incoming?tab=service-requests&q=brakes&status=all", "service_requests"],
    ["/api/service-requests?q=smith", "service_requests"],
  ])("%s reads its table once, for its page and its count together", async (path, table) => {
    const { scans } = await fullScans(path, await staffCookie());
    expect(scans).toEqual([`SCAN ${table}`]);
  });

  // The inbox's default, open records, are a few in a hundred: the status index reads only those,
  // and holds their search text, so no row is read to test it (decision 021).
  it.each([
    ["/incoming?q=smith", "contact_submissions"],
    ["/incoming?q=410%20555%200147", "contact_submissions"],
    ["/incoming?tab=service-requests&q=brakes", "service_requests"],
  ])("%s (open records) searches the status index that holds the text", async (path, table) => {
    const { scans, plans } = await fullScans(path, await staffCookie());
    expect(scans).toEqual([]);
    expect(
      plans.some((detail) => detail.includes(`USING INDEX ${table}_status_search_idx`)),
      plans.join("\n"),
    ).toBe(true);
  });

  // The call-back list: the follow-up index holds only records with a follow-up, fewer than the open ones.
  it("/incoming?due=1 reads the follow-up index, not the status index", async () => {
    const { scans, plans } = await fullScans("/incoming?due=1", await staffCookie());
    expect(scans).toEqual([]);
    const searches = plans.filter((detail) => detail.startsWith("SEARCH") && detail.includes("contact_submissions"));
    expect(
      searches.some((detail) => detail.includes("contact_submissions_follow_up_idx")),
      searches.join("\n"),
    ).toBe(true);
  });
});
