import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test as base, expect } from "@playwright/test";
import { e2eStateDir } from "../playwright.config";

/** The local D1 file that the test server (wrangler dev) writes to. */
function d1File(): string {
  const dir = path.join(e2eStateDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`No D1 database in ${dir}: did the test server apply migrations?`);
  return path.join(dir, file);
}

export type TestDatabase = {
  /** Rows of a read-only query against the server's D1. */
  all<T = Record<string, unknown>>(sql: string, ...params: (string | number)[]): T[];
};

export const test = base.extend<{ db: TestDatabase }>({
  db: async ({}, use) => {
    const database = new DatabaseSync(d1File(), { readOnly: true });
    await use({
      all: <T,>(sql: string, ...params: (string | number)[]) => database.prepare(sql).all(...params) as T[],
    });
    database.close();
  },
});

export { expect };
