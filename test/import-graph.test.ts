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

// Code by feature (docs/decisions/024-feature-folders-and-gates.md): app/features/<feature>/ is a
// feature's room, and another feature's server code enters only by its public file, the one named
// like the folder (app/features/inbox/inbox.server.ts). Under every feature are layers that any of
// them may use, file by file: app/http/ (requests, responses, the acting member), which uses no other
// layer, and app/mail/ (a message's MIME and HTML), which may use http/. Route modules, root.tsx and
// workers/app.ts, the doors above the features, are not bound by this.
const FEATURE_FOLDER = /^app\/features\/([^/]+)\//;
const SERVER_FILE = /^app\/(features\/[^/]+\/(server\/.*|[^/]+\.server\.ts)|http\/.*|mail\/.*)$/;
const LAYER_FOLDER = /^app\/(http|mail)\//;
/** Each layer, and the layers it may use. */
const LAYERS: Record<string, string[]> = { http: [], mail: ["http"] };
const publicFileOf = (feature: string) => `app/features/${feature}/${feature}.server.ts`;
const areaOf = (file: string) => FEATURE_FOLDER.exec(file)?.[1] ?? LAYER_FOLDER.exec(file)?.[1];

/** Every import from one feature's server code into another's file other than its public one. */
function crossFeatureImports(): string[] {
  return [...graph].flatMap(([file, targets]) => {
    if (!SERVER_FILE.test(file)) return [];
    const from = areaOf(file);
    if (!from) return [];
    return targets.flatMap((target) => {
      const to = areaOf(target);
      if (!to || to === from || !SERVER_FILE.test(target)) return [];
      const fromLayer = LAYERS[from];
      if (to in LAYERS && (fromLayer === undefined || fromLayer.includes(to))) return [];
      if (fromLayer === undefined && target === publicFileOf(to)) return [];
      return [`${file} -> ${target}`];
    });
  });
}

describe("module structure", () => {
  it("reads the project's modules and their imports", () => {
    // Guards the two tests below against passing because nothing was read.
    expect(graph.get("app/root.tsx")).toContain("app/seo/meta.ts");
    expect(graph.get("workers/app.ts")).toContain("app/http/env.server.ts");
  });

  it("has no import cycle", () => {
    expect(findCycles().map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  it("lets a feature into another only by its public file, and the HTTP layer into none", () => {
    expect([...graph.keys()].filter((file) => FEATURE_FOLDER.test(file)).length).toBeGreaterThan(30);
    expect(crossFeatureImports().sort()).toEqual([]);
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
