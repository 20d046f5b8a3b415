import { Outlet } from "react-router";
import { freshCheckGate } from "~/features/second-factor/second-factor.server";

// A group of staff pages whose changes need a check from the last 2 hours (app/routes.ts): how a
// member signs in (password, email, second factor, passkeys), and the owners' team and settings.
// Opening the pages stays free; a form sent past 2 hours goes to the check page first, then back.
// Listed twice in app/routes.ts (the account's pages and the owners'), each with an id of its own.
export const middleware = [freshCheckGate];

export default function FreshCheckLayout() {
  return <Outlet />;
}
