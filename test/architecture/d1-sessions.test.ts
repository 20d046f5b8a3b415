import { describe, expect, it } from "vitest";

// Every D1 access goes through the session its request, batch, trigger or email opened
// (docs/decisions/068-every-d1-read-through-a-session.md). `env.DB` is typed as a session, without
// `withSession` or `exec`, so a module calling them on it fails the typecheck; what the type cannot
// see is a module that reaches the binding itself. That is this test's part.
const sources = import.meta.glob<string>(["../../app/**/*.{ts,tsx}", "../../workers/**/*.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const files = Object.entries(sources).map(([key, text]) => ({ file: key.replace(/^\.\.\/\.\.\//, ""), text }));

/** Who may touch what: the one opener of sessions, and the one reader of the raw bindings. */
const ALLOWED: { pattern: RegExp; what: string; only: string[] }[] = [
  { pattern: /\.withSession\s*\(/, what: "opens a D1 session", only: ["app/db/session.server.ts"] },
  {
    pattern: /\bparseEnv\s*\(/,
    what: "reads the raw bindings (parseEnv)",
    only: ["app/http/env.server.ts", "workers/app.ts"],
  },
  {
    pattern: /\bWorkerBindings\b/,
    what: "holds the raw D1 binding (WorkerBindings)",
    only: ["app/http/env.server.ts", "app/db/request-session.server.ts"],
  },
  {
    pattern: /\bopenD1Session\b/,
    what: "opens a D1 session",
    only: ["app/db/session.server.ts", "app/db/request-session.server.ts"],
  },
  { pattern: /\bDB\s*\.\s*(?:exec|dump|withSession)\b/, what: "calls the binding's own methods", only: [] },
];

function rawBindingUses(modules: { file: string; text: string }[]): string[] {
  return ALLOWED.flatMap(({ pattern, what, only }) =>
    modules.filter(({ file, text }) => pattern.test(text) && !only.includes(file)).map(({ file }) => `${file} ${what}`),
  );
}

describe("the D1 binding", () => {
  it("is reached only by the one module that opens each request's session", () => {
    expect(rawBindingUses(files)).toEqual([]);
  });

  it("would be reported if a module opened a session of its own or ran SQL on the binding", () => {
    const misuses = [
      {
        file: "app/features/inbox/inbox.server.ts",
        text: `const binding = bindings.DB; binding.withSession("first-unconstrained")`,
      },
      { file: "app/features/site/api/health.ts", text: "await context.env.DB.exec('delete from users')" },
      { file: "app/features/desk/desk.server.ts", text: "const raw = parseEnv(env).DB;" },
    ];
    expect(rawBindingUses(misuses)).toEqual([
      "app/features/inbox/inbox.server.ts opens a D1 session",
      "app/features/desk/desk.server.ts reads the raw bindings (parseEnv)",
      "app/features/site/api/health.ts calls the binding's own methods",
    ]);
  });
});
