// The project's files, listed at transform time by Vite (the tests run inside workerd, which has no
// file system to walk); generated folders left out. Contents are not loaded.
const listed = import.meta.glob(
  [
    "../../**/*",
    "../../.ci/*",
    "!../../{node_modules,build,.react-router,.wrangler,test-results,playwright-report}/**",
    "!../../bench/results/**",
  ],
  { query: "?raw", import: "default" },
);

/** A glob's key (relative to this folder: `./route-ids.test.ts`, `../../app/…`) as a path from the root. */
export const fromRoot = (key: string) => new URL(key, "file:///test/architecture/").pathname.slice(1);

/** Every file, as a path from the root. */
export const treeFiles = new Set(Object.keys(listed).map(fromRoot));

/** Every folder that holds a file, as a path from the root (`app`, `app/http`). */
export const treeFolders = new Set(
  [...treeFiles].flatMap((file) => {
    const parts = file.split("/");
    return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join("/"));
  }),
);

/** The folder a file is in ("" for the root). */
export const folderOf = (file: string) => file.split("/").slice(0, -1).join("/");
