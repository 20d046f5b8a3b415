// The house's size limits and the few places they do not hold, named once: ESLint's `max-lines`
// (eslint.config.js) and test/architecture/folder-sizes.test.ts read them from here. A file or a
// folder that grows past them wants splitting by what it holds, not an entry below.
export const LIMITS = { sourceLines: 300, testLines: 400, filesPerFolder: 15 };

/** Tests, held to `testLines`; every other .ts, .tsx, .js and .mjs file is source. */
export const TEST_FILES = ["test/**", "e2e/**", "**/*.test.ts", "eslint-rules/*.test.js"];

/** Longer than `sourceLines`: the shop's facts as typed data (the services and their prices, the areas). */
export const LONG_FILES = ["app/content/**"];

/**
 * More than `filesPerFolder` files: the migrations and their meta (wrangler applies them in name
 * order from one folder), the decision records (numbered, one a decision), the public pages' captured
 * words (one fixture a page, written by vitest), and the project's root (where the tools look for
 * their configuration).
 */
export const LARGE_FOLDERS = ["migrations", "migrations/meta", "docs/decisions", "test/site/__text__", ""];
