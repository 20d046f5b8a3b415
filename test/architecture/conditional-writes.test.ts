import { describe, expect, it } from "vitest";
import { fromRoot } from "./tree";

// Every INSERT … SELECT in the Worker goes through app/db/conditional-write.server.ts (insertIf,
// insertForEach), which takes the table's typed row: a hand-built one lists its columns by hand, and
// a new column is missed silently (docs/decisions/070-typed-conditional-writes.md). This fails on
// one written anywhere else, as an SQL string or as drizzle's `insert(…).select(…)`.
const HELPER = "app/db/conditional-write.server.ts";

const sources = import.meta.glob<string>(["../../app/**/*.{ts,tsx}", "../../workers/**/*.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

// Comments may describe the statement (`INSERT … SELECT … WHERE`); only code counts.
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

const HAND_BUILT = [
  // An SQL string: `insert into t (…) select …`, in a template, a string or a prepared statement.
  /insert\s+(?:or\s+\w+\s+)?into\s+\S+[^;`'"]*?\bselect\b/i,
  // drizzle's own insert fed a hand-written select.
  /\.insert\([^()]*\)\s*\.select\(/,
];

/** The hand-built INSERT … SELECT statements in a file's text, as a short excerpt each. */
function handBuilt(text: string): string[] {
  const code = withoutComments(text);
  return HAND_BUILT.flatMap((pattern) => {
    const found = pattern.exec(code);
    return found ? [found[0].replace(/\s+/g, " ").slice(0, 60)] : [];
  });
}

describe("conditional writes", () => {
  it("finds a hand-built INSERT … SELECT, as SQL or through drizzle, and not a described one", () => {
    expect(handBuilt("env.DB.prepare(`insert into users (id, role) select ?, role from staff_tokens`)")).toHaveLength(
      1,
    );
    expect(handBuilt("db.insert(auditLog)\n  .select(sql`select null, ${at}`)")).toHaveLength(1);
    expect(handBuilt("db.insert(auditLog).values(row); // an INSERT … SELECT would be insert into x select")).toEqual(
      [],
    );
    expect(handBuilt("insertIf(db, auditLog, row, sql`changes() > 0`)")).toEqual([]);
  });

  it("has every INSERT … SELECT of the Worker go through the typed helper", () => {
    const offenders = Object.entries(sources)
      .map(([key, text]) => [fromRoot(key), handBuilt(text)] as const)
      .filter(([file, found]) => file !== HELPER && found.length > 0)
      .map(([file, found]) => `${file}: ${found.join("; ")} (write it with insertIf or insertForEach, ${HELPER})`);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
