import { Outlet } from "react-router";
import type { Route } from "./+types/owners-layout";
import { ownerPageGate } from "../server/gates.server";

// The owners' pages (app/routes.ts), inside the staff area: a staff member gets the 403 page, which
// the staff layout's error boundary shows inside the staff shell.
export const middleware: Route.MiddlewareFunction[] = [ownerPageGate];

export default function OwnersLayout() {
  return <Outlet />;
}
