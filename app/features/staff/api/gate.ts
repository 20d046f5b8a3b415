import type { Route } from "./+types/gate";
import { staffApiGate } from "../server/gates.server";

// The staff endpoints' door (app/routes.ts): every endpoint below it answers 401 without a session.
export const middleware: Route.MiddlewareFunction[] = [staffApiGate];
