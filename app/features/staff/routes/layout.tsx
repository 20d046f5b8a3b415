import { data, isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { StaffHeader } from "~/features/staff/components/staff-header";
import { StaffErrorPage } from "~/features/staff/components/staff-error";
import type { RouteHandle } from "~/route-handle";
import { navigationOf, staffPageGate } from "../server/gates.server";
import { getStaffMember } from "~/http/staff-member.server";
import { NO_STORE } from "~/http/responses.server";

// The staff area (app/routes.ts): every page below this route is for a signed-in member, checked
// once here, and wears the staff shell instead of the public header and footer.

export const middleware: Route.MiddlewareFunction[] = [staffPageGate];

// Staff pages load the client JavaScript (toasts, optimistic status changes); every form on them
// still works as a plain HTML post.
export const handle: RouteHandle = { shell: "staff", hydrate: true };

export function loader({ context }: Route.LoaderArgs) {
  const { username, role } = getStaffMember(context);
  return data({ member: { username, role }, navigation: navigationOf(context) }, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeader member={loaderData.member} navigation={loaderData.navigation} />
      <main id="main" className="flex-1 bg-slate-50">
        <Outlet />
      </main>
    </>
  );
}

// A staff page that failed (a record that is gone, a page for owners only, an outage) keeps the
// staff header when the member is known, and says what happened in the staff's words.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("features/staff/routes/layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  return (
    <>
      {layout ? <StaffHeader member={layout.member} navigation={layout.navigation} /> : null}
      <StaffErrorPage status={status} />
    </>
  );
}
