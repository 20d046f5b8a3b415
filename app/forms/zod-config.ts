import { z } from "zod";

// Imported first by every schema module: zod decides how to parse when a schema is built.
// Unless told not to, it compiles parsers with new Function after probing whether it may. The
// site's CSP forbids eval, and the browser reports that probe as a violation. (Workers refuse
// eval too; there zod's probe fails quietly.) Listed under "sideEffects" in package.json, so
// the bundler keeps this import although nothing is imported from it.
z.config({ jitless: true });
