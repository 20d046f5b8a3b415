import type { Route } from "./+types/owners-gate";
import { ownerApiGate } from "../server/gates.server";

// The owners' endpoints (app/routes.ts), inside the staff endpoints' group: 403 for a staff member.
export const middleware: Route.MiddlewareFunction[] = [ownerApiGate];
