import { describe, expect, it } from "vitest";
import { fromRoot, treeFiles, treeFolders } from "./tree";

// A path the code, the README or a guide names must lead somewhere: `app/http/toast.server.ts`,
// `test/support/`, `e2e/**/*.spec.ts` (a glob: its folder exists), `docs/decisions/046`, or a
// Markdown link relative to its page. Files are read at transform time by Vite (workerd has no file
// system). Migrations are left out: they are applied as written, never edited. A
// decision record's Context describes the tree before the decision, so that section is left out too.
const files = treeFiles;
const folders = treeFolders;

const texts = import.meta.glob<string>(
  [
    "../../{app,workers,scripts,test,e2e}/**/*.{ts,tsx,js,mjs}",
    "../../eslint-rules/**/*.js",
    "../../*.{ts,js,mjs,md,toml}",
    "../../docs/**/*.md",
    "../../.ci/run",
  ],
  { query: "?raw", import: "default", eager: true },
);

const TOP = [...folders].filter((folder) => !folder.includes("/"));
// A path from the project's root (or `~/`, the app's alias), not the tail of `../../app/…` or a URL.
const ROOTED = new RegExp(
  `(?<![\\w./~@:-])(~/|(?:${TOP.map((top) => top.replace(".", "\\.")).join("|")})/)([\\w./+*{},<>-]*)`,
  "g",
);
const MARKDOWN_LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;

/** Whether a path names a file or folder here: exactly, without its extension, a record's number, or a glob. */
function leadsSomewhere(path: string): boolean {
  const record = /^docs\/decisions\/(\d{3})$/.exec(path);
  if (record) return [...files].some((file) => file.startsWith(`docs/decisions/${record[1]}-`));
  // A glob or a placeholder (`app/features/<feature>/`) is a pattern: the folder it starts from must exist.
  if (/[*{<]/.test(path)) return leadsSomewhere(path.replace(/\/?[^/]*[*{<].*$/, ""));
  if (path.endsWith("/")) return folders.has(path.slice(0, -1));
  return files.has(path) || folders.has(path) || [".ts", ".tsx", ".md"].some((ext) => files.has(`${path}${ext}`));
}

/** The text a file's pointers are read from: a decision record without its Context section. */
function pointingText(file: string, text: string): string {
  if (!/^docs\/decisions\/\d/.test(file)) return text;
  return text.replace(/^## Context\n[\s\S]*?(?=^## )/m, "");
}

function resolveLink(page: string, target: string): string | undefined {
  if (/^[a-z]+:/i.test(target)) return undefined; // https:, mailto:
  const resolved = new URL(target, `file:///${page}`).pathname.slice(1);
  return decodeURIComponent(resolved);
}

const pointers = Object.entries(texts)
  .map(([key, text]) => [fromRoot(key), text] as const)
  .filter(([file]) => !file.startsWith("migrations/"))
  .flatMap(([file, text]) => {
    const read = pointingText(file, text);
    const rooted = [...read.matchAll(ROOTED)].map((match) =>
      `${match[1] === "~/" ? "app/" : match[1]}${match[2]}`.replace(/[.,]+$/, ""),
    );
    const linked = file.endsWith(".md")
      ? [...read.matchAll(MARKDOWN_LINK)].flatMap((match) => resolveLink(file, match[1] ?? "") ?? [])
      : [];
    return [...rooted, ...linked].map((path) => ({ file, path }));
  });

describe("paths named in the code and the docs", () => {
  it("reads the tree and the paths it names", () => {
    expect(files.has("app/routes.ts")).toBe(true);
    expect(files.has(".ci/run")).toBe(true);
    expect(pointers.length).toBeGreaterThan(300);
    const leading = ["test/support/", "e2e/**/*.spec.ts", "app/features/{inbox,desk}/components", "docs/decisions/046"];
    // The last spelled in two parts, or decision-links.test.ts would take it for a mention.
    const missing = ["app/routes/", "app/server/inbox/list-walks.server.ts", `${["docs", "decisions"].join("/")}/019`];
    const patterns = {
      "app/features/<feature>/routes": true,
      "app/server/<feature>": false,
      "app/components/{ui,x}": false,
    };
    expect(leading.filter((path) => !leadsSomewhere(path))).toEqual([]);
    expect(missing.filter((path) => leadsSomewhere(path))).toEqual([]);
    expect(Object.keys(patterns).map(leadsSomewhere)).toEqual(Object.values(patterns));
  });

  it("names only files and folders that exist", () => {
    const broken = pointers.filter(({ path }) => !leadsSomewhere(path)).map(({ file, path }) => `${file}: ${path}`);
    expect([...new Set(broken)]).toEqual([]);
  });
});
