import { freshCheckGate } from "~/features/second-factor/second-factor.server";

// A group of staff endpoints whose writes need a check from the last 2 hours (app/routes.ts): the
// account's sign-in details and second factor, the owners' team and settings. Past 2 hours a write
// answers 403 `{ step, endpoint }` (POST the check there, then send the write again); reads are free.
// Listed twice in app/routes.ts (the account's endpoints and the owners'), each with an id of its own.
export const middleware = [freshCheckGate];
