import { startFresh } from "./support/fresh-state";

// Before every test file: the state of a fresh deploy (test/support/fresh-state.ts).
await startFresh();
