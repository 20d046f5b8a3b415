import { describe, expect, it } from "vitest";

// The source files as text (bundled in by Vite at transform time: the test runs inside workerd,
// which has no file system to walk).
const sources = import.meta.glob<string>(["../app/**/*.{ts,tsx}", "../workers/**/*.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const files = new Map(Object.entries(sources).map(([key, text]) => [key.replace(/^\.\.\//, ""), text]));

const IMPORT_SPECIFIER =
  /\b(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

function resolve(from: string, specifier: string): string | undefined {
  const path = specifier.split("?")[0] ?? "";
  let base: string;
  if (path.startsWith("~/")) base = `app/${path.slice(2)}`;
  else if (path.startsWith(".")) base = new URL(path, `file:///${from}`).pathname.slice(1);
  else return undefined; // a package
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((file) => files.has(file));
}

/** Each module's imports inside the project, type-only imports included (they still tie two modules). */
const graph = new Map(
  [...files].map(([file, text]) => [
    file,
    [...text.matchAll(IMPORT_SPECIFIER)].flatMap((match) => {
      const target = resolve(file, match[1] ?? match[2] ?? match[3] ?? "");
      return target ? [target] : [];
    }),
  ]),
);

function findCycles(): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    const start = path.indexOf(file);
    if (start !== -1) {
      cycles.push([...path.slice(start), file]);
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const target of graph.get(file) ?? []) visit(target);
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return cycles;
}

describe("module structure", () => {
  it("reads the project's modules and their imports", () => {
    // Guards the two tests below against passing because nothing was read.
    expect(graph.get("app/root.tsx")).toContain("app/seo/meta.ts");
    expect(graph.get("workers/app.ts")).toContain("app/server/http/env.server.ts");
  });

  it("has no import cycle", () => {
    expect(findCycles().map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  it("keeps content as data: app/content imports only app/content", () => {
    const outside = [...graph]
      .filter(([file]) => file.startsWith("app/content/"))
      .flatMap(([file, targets]) =>
        targets.filter((target) => !target.startsWith("app/content/")).map((t) => `${file} -> ${t}`),
      );
    expect(outside).toEqual([]);
  });
});
