import { routes } from "virtual:react-router/server-build";
import { describe, expect, it } from "vitest";

// A route's id is its module's path under app/: moving a route to another folder renames it, and a
// `useRouteLoaderData("<id>")` or `useRouteError` lookup under the old id finds nothing, silently
// (the staff layout's error boundary lost its header that way when the features got their
// folders). Every id the code names must be a route of the build. Read at transform time by Vite.
const code = import.meta.glob<string>(["../../app/**/*.{ts,tsx}", "../../workers/**/*.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

// useRouteLoaderData("root") or useRouteLoaderData<typeof loader>("features/staff/routes/layout").
const LOOKUP = /useRouteLoaderData(?:<[^>]*>)?\(\s*["']([^"']+)["']/g;

const lookups = Object.entries(code).flatMap(([file, text]) =>
  [...text.matchAll(LOOKUP)].map((match) => ({ file: file.replace(/^\.\.\/\.\.\//, ""), id: match[1] ?? "" })),
);

describe("route ids named in the code", () => {
  it("finds the lookups, the staff layout's among them", () => {
    expect(lookups.map(({ id }) => id)).toContain("root");
    expect(lookups.map(({ id }) => id)).toContain("features/staff/routes/layout");
  });

  it("are routes of the build", () => {
    const unknown = lookups.filter(({ id }) => !(id in routes)).map(({ file, id }) => `${file}: "${id}"`);
    expect(unknown).toEqual([]);
  });
});
