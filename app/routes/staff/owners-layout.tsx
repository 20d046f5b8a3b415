import type { Route } from "./+types/owners-layout";
import { ownerPageGate } from "~/server/auth/gates.server";

export const middleware: Route.MiddlewareFunction[] = [ownerPageGate];
