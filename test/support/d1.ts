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

type SessionParts = Partial<Pick<D1DatabaseSession, "prepare" | "batch">>;

const boundTo = <T extends object>(target: T, property: PropertyKey): unknown => {
  const value: unknown = Reflect.get(target, property, target);
  return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
};

/**
 * The test's D1 binding, with parts of every session the Worker opens on it replaced (a statement
 * that fails, a batch that is recorded). The Worker reaches D1 only through a session
 * (docs/decisions/068-every-d1-read-through-a-session.md), so that is where a test steps in.
 * `opened` hears where each session starts: a constraint, or a bookmark.
 */
export function d1Sessions(
  replace: (session: D1DatabaseSession) => SessionParts,
  opened: (start: string | undefined) => void = () => {},
): D1Database {
  return new Proxy(env.DB, {
    get(target, property) {
      if (property !== "withSession") return boundTo(target, property);
      return (start?: string) => {
        opened(start);
        const session = target.withSession(start);
        const parts = replace(session);
        return new Proxy(session, {
          get: (real, part) => (part in parts ? parts[part as keyof SessionParts] : boundTo(real, part)),
        });
      };
    },
  });
}

/** The test's D1 binding as it is, with where each session the Worker opens on it starts, in order. */
export function recordingSessionStarts(): { binding: D1Database; starts: (string | undefined)[] } {
  const starts: (string | undefined)[] = [];
  return {
    binding: d1Sessions(
      () => ({}),
      (start) => starts.push(start),
    ),
    starts,
  };
}
