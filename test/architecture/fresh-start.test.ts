import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { schemaObjects, startFresh } from "../support/fresh-state";
import { fetchWorker } from "../support/http";
import { apiLogin, createStaffUser } from "../support/staff";

// The files of one vitest worker share a runtime (decision 056): each must still start as a fresh
// deploy would, or a test passes or fails by which file ran before it.

async function rowsPerTable(): Promise<Record<string, number>> {
  const tables = (await schemaObjects(env.DB)).filter(({ type }) => type === "table");
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    counts[name] = (await env.DB.prepare(`select count(*) as n from "${name}"`).first<{ n: number }>())!.n;
  }
  return counts;
}

const cacheStatus = async (path: string) => (await fetchWorker(path)).headers.get("Cache-Status");

describe("a test file's start", () => {
  it("leaves none of the rows, keys or cached pages the file before it made", async () => {
    const asDeployed = await rowsPerTable();
    expect(asDeployed.d1_migrations).toBeGreaterThan(0);

    await createStaffUser("left-over", "left-over password 123");
    expect((await apiLogin("left-over", "left-over password 123")).status).toBe(200);
    expect(await cacheStatus("/about")).toMatch(/stored$/);
    expect(await cacheStatus("/about")).toMatch(/; hit; /);
    expect((await env.SESSIONS.list()).keys).not.toEqual([]);

    await startFresh();

    expect(await rowsPerTable()).toEqual(asDeployed);
    expect((await env.SESSIONS.list()).keys).toEqual([]);
    expect(await cacheStatus("/about")).toMatch(/fwd=uri-miss; fwd-status=200; stored$/);
  });
});
