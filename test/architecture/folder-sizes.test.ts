import { describe, expect, it } from "vitest";
import { LARGE_FOLDERS, LIMITS } from "../../eslint-rules/limits.js";
import { folderOf, treeFiles } from "./tree";

// At most LIMITS.filesPerFolder files directly in a folder (its subfolders' files are theirs):
// a folder past it holds more than one thing. The few folders that may hold more are named in
// eslint-rules/limits.js, with the line limits ESLint checks (`max-lines`, eslint.config.js).
function filesPerFolder(files: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const file of files) counts.set(folderOf(file), (counts.get(folderOf(file)) ?? 0) + 1);
  return counts;
}

const overLimit = (files: Iterable<string>) =>
  [...filesPerFolder(files)]
    .filter(([folder, count]) => count > LIMITS.filesPerFolder && !LARGE_FOLDERS.includes(folder))
    .map(([folder, count]) => `${folder}/ holds ${count} files (at most ${LIMITS.filesPerFolder})`);

describe("folder sizes", () => {
  it("counts the files directly in each folder", () => {
    const counts = filesPerFolder(treeFiles);
    expect(counts.get("test/architecture")).toBeGreaterThan(3);
    expect(counts.get("docs/decisions")).toBeGreaterThan(LIMITS.filesPerFolder);
    const sixteen = Array.from({ length: 16 }, (_, i) => `new-folder/extra-${i}.ts`);
    expect(overLimit(sixteen)).toEqual(["new-folder/ holds 16 files (at most 15)"]);
    expect(overLimit(sixteen.map((file) => file.replace("new-folder", "migrations")))).toEqual([]);
  });

  it("keeps every folder but the named few within the limit", () => {
    expect(overLimit(treeFiles)).toEqual([]);
  });
});
