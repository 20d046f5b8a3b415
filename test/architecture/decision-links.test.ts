import { describe, expect, it } from "vitest";

// A comment that sends the reader to a decision record must find it: every mention of a record in
// the code names one that exists. Read at transform time by Vite (workerd has no file system).
const code = import.meta.glob<string>(
  ["../../{app,workers,scripts,test,e2e}/**/*.{ts,tsx,js,mjs}", "../../eslint-rules/**/*.js", "../../*.{ts,js,mjs}"],
  { query: "?raw", import: "default", eager: true },
);
const records = Object.keys(import.meta.glob("../../docs/decisions/*.md")).map((path) => path.split("/").at(-1) ?? "");

// "docs/decisions/030-notifications.md", "docs/decisions/012-*.md" or "docs/decisions/004".
const FOLDER = ["docs", "decisions"].join("/");
const LINK = new RegExp(`${FOLDER}/([\\w*.-]*\\w)`, "g");

/** Whether a mention names an existing record: a file name, a file name with *, or a record's number. */
function resolves(target: string): boolean {
  if (/^\d+$/.test(target)) return records.some((record) => record.startsWith(`${target}-`));
  const pattern = new RegExp(`^${target.replaceAll(".", "\\.").replaceAll("*", "[^/]*")}$`);
  return records.some((record) => pattern.test(record));
}

const mentions = Object.entries(code).flatMap(([file, text]) =>
  [...text.matchAll(LINK)].map((match) => ({ file: file.replace(/^\.\.\/\.\.\//, ""), target: match[1] ?? "" })),
);

describe("links to decision records", () => {
  it("reads the records and the code that mentions them", () => {
    expect(records).toContain("012-request-time-and-open-now.md");
    expect(mentions.length).toBeGreaterThan(20);
    expect(resolves("012-*.md")).toBe(true);
    expect(resolves("020-inbox-lists.md")).toBe(false);
  });

  it("names only records that exist", () => {
    const broken = mentions
      .filter((mention) => !resolves(mention.target))
      .map((m) => `${m.file}: ${FOLDER}/${m.target}`);
    expect(broken).toEqual([]);
  });
});
