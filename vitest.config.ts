import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// Worker tests run inside workerd against the production build (`npm run build` first),
// with a fresh local D1 (migrations applied in test/setup.ts) and KV per test file.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        main: "./build/server/index.js",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            SESSION_SECRET: "test-session-secret-that-is-long-enough-0123456789",
          },
          // Low enough that a test can reach it; tests use their own client address as the key.
          ratelimits: { SUBMISSION_LIMITER: { namespace_id: "1001", simple: { limit: 20, period: 60 } } },
        },
      }),
    ],
    resolve: { alias: { "~": path.join(import.meta.dirname, "app") } },
    test: {
      include: ["test/**/*.test.ts", "app/**/*.test.ts"],
      setupFiles: ["./test/setup.ts"],
    },
  };
});
