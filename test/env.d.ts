import type { D1Migration } from "@cloudflare/vitest-plugin";

declare global {
  namespace Cloudflare {
    // An interface: declaration merging is how workers-types lets tests add bindings.
    // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** Not set in wrangler.toml (the default, "tiered", is production's); tests and the bench choose. */
    }
  }
}
