import { data, Form, isRouteErrorResponse, Link, useLocation, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/inbox";
import { CountCard } from "~/features/inbox/components/count-card";
import { InboxList } from "~/features/inbox/components/inbox-list";
import { InboxTabs, type InboxTab } from "~/features/inbox/components/inbox-tabs";
import { filterLabel, InboxToolbar } from "~/features/inbox/components/inbox-toolbar";
import { Pagination } from "~/features/inbox/components/pagination";
import { Button, buttonClasses } from "~/ui/button";
import { LogOutIcon, MailIcon, RefreshIcon, WrenchIcon } from "~/ui/icons";
import { type DeskMember, namesOf } from "~/features/desk/desk";
import { INBOX_KINDS, inboxKinds } from "~/records/kinds";
import { inboxListUrl, type InboxListState } from "~/features/inbox/list-params";
import { SUBMISSION_STATUSES } from "~/records/statuses";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { logOut } from "~/features/sign-in/sign-in.server";
import { activeMembers } from "~/features/desk/desk.server";
import { actingMember, getStaffMember } from "~/http/staff-member.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { loadInboxPage } from "~/features/inbox/server/inbox-page.server";
import { serviceNames } from "~/features/catalog/catalog.server";
import { NO_STORE } from "~/http/responses.server";
import { redirectWithToast } from "~/http/toast.server";

export const handle: RouteHandle = { hydrate: true, staffNav: { label: "Inbox", position: 1 } };

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv(context);
  const username = getStaffMember(context).username;
  const now = getRequestTime(context);
  const [inbox, members, services] = await Promise.all([
    loadInboxPage(request, env, actingMember(request, context)),
    activeMembers(env),
    serviceNames(context),
  ]);
  return data({ username, now, members, services, ...inbox }, { headers: NO_STORE });
}

// The Logout button posts here, so it works without JavaScript. (A record's status buttons post
// to the record's own page: routes/staff/record.tsx.)
export async function action({ request, context }: Route.ActionArgs) {
  const env = getEnv(context);
  try {
    const clearCookie = await logOut(request, env, getRequestTime(context));
    return redirectWithToast(
      env,
      "/login",
      { title: "Logged out", description: "You have been successfully logged out" },
      { headers: { ...NO_STORE, "Set-Cookie": clearCookie } },
    );
  } catch (error) {
    console.error("Logout failed: the session could not be deleted from KV", error);
    return redirectWithToast(
      env,
      "/incoming",
      { title: "Error", description: "Failed to logout", variant: "destructive" },
      { headers: NO_STORE },
    );
  }
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privatePageMeta(
  "Admin Panel",
  "Contact messages and service requests sent to the shop.",
);

export default function Incoming({ loaderData }: Route.ComponentProps) {
  const {
    username,
    now,
    members,
    services,
    kind,
    statuses,
    q,
    due,
    replied,
    assignee,
    records,
    total,
    newer,
    older,
    counts,
  } = loaderData;
  const list: InboxListState = { kind, statuses, q, due, replied, assignee };
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loggingOut = navigation.formAction === "/incoming" && navigation.formMethod === "POST";
  const loading =
    revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === "/incoming");
  // Switching tabs keeps the filter and the search, and starts at the newest record.
  const tabs: InboxTab[] = INBOX_KINDS.map((each) => ({
    key: inboxKinds[each].slug,
    label: inboxKinds[each].label,
    // Customers' answers waiting on staff (app/features/replies/), counted on each tab.
    ...(counts[each].replied > 0
      ? { badge: { count: counts[each].replied, words: `${counts[each].replied} replied` } }
      : {}),
    href: inboxListUrl({ ...list, kind: each }),
  }));
  const searching = q !== "";
  const neverReceived = counts[kind].total === 0 && !searching;

  return (
    // From 1024 px the page widens and its head packs into one row, so the list's rows start high
    // enough for 15 of them to show at 1280 × 900 (decision 037).
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12 lg:max-w-[90rem] lg:pt-3 lg:pb-5">
      <div className="flex flex-wrap items-center justify-between gap-4 lg:grid lg:grid-cols-[auto_1fr_auto] lg:gap-6">
        <div>
          <h1 className="text-3xl font-bold text-blue-950 lg:text-2xl">Admin Panel</h1>
          <p className="mt-1 text-sm text-slate-600">Signed in as {username}</p>
        </div>
        <div className="order-last grid w-full grid-cols-2 gap-3 sm:gap-4 lg:order-none lg:max-w-2xl lg:justify-self-center">
          <CountCard label="Contact Messages" {...countsOf(counts.contact)} icon={<MailIcon className="size-6" />} />
          <CountCard
            label="Service Requests"
            {...countsOf(counts.serviceRequest)}
            icon={<WrenchIcon className="size-6" />}
          />
        </div>
        <div className="flex items-center gap-2">
          <Link
            to={location.pathname + location.search}
            onClick={(event) => {
              // With JavaScript, reload the list in place; without it, the link reloads the page.
              event.preventDefault();
              void revalidator.revalidate();
            }}
            className={buttonClasses({ variant: "secondary" })}
          >
            <RefreshIcon className="size-4" />
            Refresh
          </Link>
          <Form method="post" action="/incoming" reloadDocument replace>
            <Button type="submit" variant="dark" disabled={loggingOut}>
              <LogOutIcon className="size-4" />
              {loggingOut ? "Logging out..." : "Logout"}
            </Button>
          </Form>
        </div>
      </div>

      <div className="mt-8 lg:mt-2">
        <InboxTabs
          tabs={tabs}
          selected={inboxKinds[kind].slug}
          status={
            <p role="status" className="text-sm text-slate-600">
              {loading ? "Loading..." : null}
            </p>
          }
        >
          <InboxToolbar key={location.search} list={list} members={members} />
          <p className="mt-5 mb-3 text-sm text-slate-600 lg:mt-3 lg:mb-2">
            {total.toLocaleString("en-US")} {total === 1 ? "record" : "records"}
            {searching ? <> matching “{q}”</> : null} · {filterLabel(statuses)}
            {due ? " · call back today or overdue" : null}
            {replied ? " · the customer replied" : null}
            {assignee ? ` · assigned to ${assigneeLabel(assignee, members)}` : null}
          </p>
          <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
            <InboxList
              kind={kind}
              records={records}
              returnTo={location.pathname + location.search}
              names={namesOf(members)}
              services={services}
              now={now}
              empty={
                neverReceived ? (
                  <p>{inboxKinds[kind].empty}</p>
                ) : (
                  <>
                    <p>Nothing here{searching ? ` matches “${q}”` : ""} with this status filter.</p>
                    <Link
                      to={inboxListUrl({ ...list, statuses: SUBMISSION_STATUSES })}
                      className="mt-2 inline-block font-semibold text-blue-800 underline"
                    >
                      Show every status
                    </Link>
                  </>
                )
              }
            />
            <Pagination list={list} newer={newer} older={older} />
          </div>
        </InboxTabs>
      </div>
    </section>
  );
}

const assigneeLabel = (assignee: string, members: readonly DeskMember[]) =>
  assignee === "me" ? "me" : assignee === "none" ? "nobody" : (namesOf(members)[assignee] ?? assignee);

const countsOf = ({ total, new: fresh }: { total: number; new: number }) => ({ total, fresh });

// An address the inbox cannot read (a cursor from nowhere, an unknown status): say so, offer a way back.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const badAddress = isRouteErrorResponse(error) && error.status === 400;
  if (!badAddress) throw error;
  const body: unknown = error.data;
  const message = typeof body === "object" && body !== null && "message" in body ? String(body.message) : "";
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-blue-950">This inbox address is not valid</h1>
      <p className="mt-4 text-slate-700">{message}</p>
      <Link to="/incoming" className={`${buttonClasses()} mt-8`}>
        Back to the inbox
      </Link>
    </section>
  );
}
