import { useId, type ReactNode } from "react";
import {
  data,
  Form,
  Link,
  useNavigation,
  useRevalidator,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/incoming";
import { InboxTabs, type InboxTab } from "~/components/admin/inbox-tabs";
import { SubmissionCard, type SubmissionCardData } from "~/components/admin/submission-card";
import { Button, buttonClasses } from "~/components/ui/button";
import { LogOutIcon, MailIcon, RefreshIcon, WrenchIcon } from "~/components/ui/icons";
import type { RouteHandle } from "~/route-handle";
import { pageMeta, siteOrigin } from "~/seo/meta";
import { logOut, requireAdmin } from "~/server/auth.server";
import { getEnv } from "~/server/context.server";
import { loadInbox } from "~/server/inbox.server";
import { NO_STORE } from "~/server/responses.server";
import { redirectWithToast } from "~/server/toast.server";

export const handle: RouteHandle = { hydrate: true };

const tabs = [
  { key: "contact-messages", label: "Contact Messages", href: "/incoming" },
  { key: "service-requests", label: "Service Requests", href: "/incoming?tab=service-requests" },
] as const satisfies InboxTab[];

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv(context);
  const user = await requireAdmin(request, env);
  const inbox = await loadInbox(env);
  return data({ username: user.username, ...inbox }, { headers: NO_STORE });
}

// The Logout button posts here, so it works without JavaScript.
export async function action({ request, context }: Route.ActionArgs) {
  const env = getEnv(context);
  try {
    const clearCookie = await logOut(request, env);
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

// Switching tabs only changes ?tab: both lists are already on the page.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const onlyTabChanged =
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get("tab") !== nextUrl.searchParams.get("tab");
  return onlyTabChanged ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOrigin(matches), {
    title: "Admin Panel",
    description: "Contact messages and service requests sent to the shop.",
    canonicalPath: null,
  });

export default function Incoming({ loaderData }: Route.ComponentProps) {
  const { username, contactSubmissions, serviceRequests } = loaderData;
  const [searchParams] = useSearchParams();
  const selected = searchParams.get("tab") === "service-requests" ? tabs[1] : tabs[0];
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loggingOut = navigation.formAction === "/incoming" && navigation.formMethod === "POST";
  const loading =
    revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === "/incoming");

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-blue-950">Admin Panel</h1>
          <p className="mt-1 text-sm text-slate-600">Signed in as {username}</p>
        </div>
        <div className="flex items-center gap-2">
          <Link
            to={selected.href}
            onClick={(event) => {
              // With JavaScript, reload the lists in place; without it, the link reloads the page.
              event.preventDefault();
              void revalidator.revalidate();
            }}
            className={buttonClasses({ variant: "secondary" })}
          >
            <RefreshIcon className="size-4" />
            Refresh
          </Link>
          <Form method="post" replace>
            <Button type="submit" variant="dark" disabled={loggingOut}>
              <LogOutIcon className="size-4" />
              {loggingOut ? "Logging out..." : "Logout"}
            </Button>
          </Form>
        </div>
      </div>

      <div className="mt-6 grid grid-cols-2 gap-3 sm:gap-4">
        <CountCard label="Contact Messages" count={contactSubmissions.length} icon={<MailIcon className="size-6" />} />
        <CountCard label="Service Requests" count={serviceRequests.length} icon={<WrenchIcon className="size-6" />} />
      </div>

      <div className="mt-8">
        <InboxTabs
          tabs={tabs}
          selected={selected.key}
          status={
            <p role="status" className="text-sm text-slate-600">
              {loading ? "Loading..." : null}
            </p>
          }
        >
          <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
            {selected.key === "contact-messages" ? (
              <SubmissionList items={contactSubmissions} empty="No contact submissions yet" />
            ) : (
              <SubmissionList items={serviceRequests} empty="No service requests yet" />
            )}
          </div>
        </InboxTabs>
      </div>
    </section>
  );
}

function CountCard({ label, count, icon }: { label: string; count: number; icon: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div>
        <h2 id={id} className="text-sm font-medium text-slate-600">
          {label}
        </h2>
        <p className="mt-1 text-3xl font-bold text-blue-950">{count}</p>
      </div>
      <span className="hidden size-12 shrink-0 place-items-center rounded-full bg-blue-50 text-blue-900 sm:grid">
        {icon}
      </span>
    </section>
  );
}

function SubmissionList({ items, empty }: { items: SubmissionCardData[]; empty: string }) {
  if (items.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{empty}</p>;
  }
  return (
    <ul className="grid gap-4">
      {items.map((item) => (
        <li key={item.id}>
          <SubmissionCard submission={item} />
        </li>
      ))}
    </ul>
  );
}
