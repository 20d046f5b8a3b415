import { applyD1Migrations, env, SELF } from "cloudflare:test";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// The pool runs the source: a test file's first request compiles the routes, which takes seconds on
// a busy machine. Done here, that time counts against no test's timeout. (robots.txt: no page cache,
// no database.)
await SELF.fetch("http://localhost/robots.txt");
