import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

// Worker tests run the source: the pool starts `workers/app.ts` inside workerd and the React Router
// plugin compiles the routes on the fly (`virtual:react-router/server-build`), so an edit shows up in
// the next `npx vitest run` without a build. Each test file gets a fresh local D1 (migrations applied
// in test/setup.ts) and KV. Not vite.config.ts: the pool brings its own workerd, so the Cloudflare
// Vite plugin (and Tailwind, which only the browser needs) stay out.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      reactRouter(),
      cloudflareTest({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            SESSION_SECRET: "test-session-secret-that-is-long-enough-0123456789",
          },
        },
      }),
    ],
    resolve: { tsconfigPaths: true },
    test: {
      include: ["test/**/*.test.ts", "app/**/*.test.ts"],
      // `import.meta.env` as in the deployed Worker, not the dev server's: no dev-only relaxations
      // (the CSP's 'unsafe-eval' for hot reloading, error stacks on pages), React Router's production
      // error handling. vitest reads these from here; React itself stays in its development build.
      env: { DEV: "", PROD: "1", MODE: "production" },
      // The stylesheet's URL (`app.css?url`), so pages link it as they do in production.
      css: { include: [/\.css\?url$/] },
      setupFiles: ["./test/setup.ts"],
      // The files of one vitest worker share one runtime instead of starting one each (1.4 s and a
      // fresh load of the app per file): the Worker suite in 93 s instead of 426 s. Each file still
      // starts from a fresh deploy's state (test/support/fresh-state.ts, decision 056).
      isolate: false,
      // Both cores: the runtime waits on I/O often enough for a third to gain nothing measurable.
      maxWorkers: 2,
      // The pool runs the source: a worker's first request compiles the routes, seconds on a busy
      // machine (a 5 s default timed out there). A test file's vi.mock still replaces the module for
      // that file although the setup file has loaded the app (test/sign-in/password.test.ts).
      // A cold first run on a busy 2-core machine took longer than vitest's default 10 s hook timeout, and a
      // test that hashes 20 passwords took 30 s while four other suites ran: generous limits, since a
      // hang still fails, later.
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
});
