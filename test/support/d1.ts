import { env } from "cloudflare:test";

/** The rows a read of the test's D1 finds, in the query's order. */
export async function rowsOf<Row = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<Row[]> {
  const { results } = await env.DB.prepare(sql)
    .bind(...params)
    .all<Row>();
  return results;
}

/** What a `select count(*) as n …` of the test's D1 counts. */
export async function countOf(sql: string, ...params: unknown[]): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(sql, ...params);
  return row?.n ?? 0;
}
