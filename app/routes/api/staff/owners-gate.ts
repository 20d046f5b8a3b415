import type { Route } from "./+types/owners-gate";
import { ownerApiGate } from "~/server/auth/gates.server";

export const middleware: Route.MiddlewareFunction[] = [ownerApiGate];
