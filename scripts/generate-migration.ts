// `npm run db:generate -- --name <what changed>`: drizzle-kit's generate, numbered after the newest
// migration. drizzle-kit numbers a new migration by how many its journal lists (27), not after the
// newest file (0035): some numbers were never used, so its file would sort among the old ones, and
// wrangler, which applies them in file-name order, would run it on a fresh database before the
// migrations that made its tables (`npm run db:check` refuses it, but not in words that say why).
// This moves what it wrote (the SQL, the snapshot, the journal's tag) to the next number.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

const migrations = path.join(import.meta.dirname, "..", "migrations");
const journalFile = path.join(migrations, "meta", "_journal.json");
const sqlFiles = () => readdirSync(migrations).filter((file) => /^\d{4}_.+\.sql$/.test(file));
const numberOf = (file: string) => Number(file.slice(0, 4));

const before = sqlFiles();
execFileSync("npx", ["drizzle-kit", "generate", ...process.argv.slice(2)], { stdio: "inherit" });

const added = sqlFiles().filter((file) => !before.includes(file));
let next = Math.max(...before.map(numberOf)) + 1;
const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
for (const file of added.sort()) {
  const tag = file.replace(/\.sql$/, "");
  const newTag = `${String(next).padStart(4, "0")}${tag.slice(4)}`;
  next += 1;
  if (newTag === tag) continue;
  renameSync(path.join(migrations, file), path.join(migrations, `${newTag}.sql`));
  renameSync(
    path.join(migrations, "meta", `${tag.slice(0, 4)}_snapshot.json`),
    path.join(migrations, "meta", `${newTag.slice(0, 4)}_snapshot.json`),
  );
  const entry = journal.entries.find((candidate) => candidate.tag === tag);
  if (entry) entry.tag = newTag;
  console.log(`Numbered after the newest migration: migrations/${newTag}.sql`);
}
writeFileSync(journalFile, JSON.stringify(journal, null, 2));
