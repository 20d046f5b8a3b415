import { z } from "zod";

// The one door to zod: every module imports `z` from here (ESLint refuses "zod" anywhere else),
// so no schema can be built before this setting is applied.
//
// zod decides how to parse when a schema is built. Unless told not to, it compiles parsers with
// new Function after probing whether it may. The site's CSP forbids eval, and the browser reports
// that probe as a violation (Lighthouse best practices 96 on /login). Workers refuse eval too;
// there zod's probe fails quietly. Package imports only: scripts/admin.ts runs this file in Node.
z.config({ jitless: true });

export { z };
