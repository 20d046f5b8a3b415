import type { Route } from "./+types/owners-layout";
import { ownerPageGate } from "~/server/auth/gates.server";

// The owners' pages (app/routes.ts), inside the staff area: a staff member gets the 403 page.
export const middleware: Route.MiddlewareFunction[] = [ownerPageGate];
