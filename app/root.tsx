import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import favicon from "./favicon.svg?inline";
import { FlashMessage } from "~/layout/flash-message";
import { SiteFooter } from "~/layout/site-footer";
import { SiteHeader } from "~/layout/site-header";
import { SiteNotice } from "~/layout/site-notice";
import { useNonce } from "./ui/nonce-provider";
import { StaticMarkup } from "./ui/hydration/static-markup";
import { showToast, useToastState } from "./ui/toast/toast-store";
import { Toaster } from "./ui/toast/toaster";
import { memberIn, navigationIn, StaffErrorPage, staffErrorText, StaffHeader } from "~/features/staff/staff";
import { ButtonLink } from "./ui/button";
import { isPrivatePath, isStaffPath, PRIVATE_PATH_PREFIXES } from "./private-paths";
import { wantsHydration, wearsStaffShell } from "./route-handle";
import { pageMeta, siteOrigin } from "./seo/meta";
import { getEnv, getRequestTime } from "./http/context.server";
import { siteOriginOf } from "./http/env.server";
import { takeToast } from "./http/toast.server";
import { shopHoursOf } from "./features/settings/settings.server";
import { visibleServices } from "./features/catalog/catalog.server";
import { onlineBookingOpen } from "./features/appointments/appointments.server";
import { servicePath } from "./content/services";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // Inline (a data: URL): a file would be one more request on a first visit, and Chromium fetches
  // it around the first paint, which made Lighthouse's LCP jump (docs/decisions/009-bench.md).
  { rel: "icon", href: favicon, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv(context);
  const { value: toast, clearCookie } = await takeToast(request, env);
  // The open-now line is in the site's header, the notice on top of every public page; the page
  // cache keeps no page past their next change. The staff pages (/incoming) have a header of their
  // own without either: they carry no hours (0.5 KB gzip of each, decision 053).
  const staffPage = isStaffPath(new URL(request.url).pathname);
  return data(
    {
      origin: siteOriginOf(request, env),
      toast,
      shopHours: staffPage ? undefined : await shopHoursOf(context, getRequestTime(context)),
      // The footer's links to the services the owners' catalog shows.
      serviceLinks: staffPage
        ? undefined
        : (await visibleServices(context)).map((service) => ({ href: servicePath(service), label: service.shortName })),
      // "Book online" links to /book while the owner has it on (off as shipped). A cached page
      // follows a change within the page cache's minute (decision 034), as the hours do.
      bookOnline: staffPage ? undefined : await onlineBookingOpen(env),
    },
    clearCookie ? { headers: { "Set-Cookie": clearCookie } } : undefined,
  );
}

// Navigation between pages is ordinary links; browsers that support speculation rules fetch
// the next page while the pointer rests on its link (or the finger goes down), so it opens at
// once. Private paths (staff pages, the API) are left out: they are personal or not pages at all.
const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          ...PRIVATE_PATH_PREFIXES.map((prefix) => ({ not: { href_matches: `${prefix}*` } })),
        ],
      },
      eagerness: "moderate",
    },
  ],
});

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const matches = useMatches();
  const hydrate = wantsHydration(matches);
  // Staff pages bring their own header and <main> (app/features/staff/routes/layout.tsx).
  const staffShell = wearsStaffShell(matches);
  const { pathname } = useLocation();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const toast = rootData?.toast ?? null;
  // A form's own result is written next to that form (see FormSuccessNotice), not at the top. The
  // message written into the page is for a browser without JavaScript, or whose toast region failed
  // to load: once the toast is on screen, it goes, so one message shows, not two.
  const { shownId } = useToastState();
  const pageFlash = toast && !toast.formId && shownId !== toast.id ? toast : null;

  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#172554" />
        <Meta />
        {/* Staff pages and the API stay out of search results, like robots.txt says. */}
        {isPrivatePath(pathname) ? <meta name="robots" content="noindex, nofollow" /> : null}
        <Links />
        <script
          type="speculationrules"
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }}
        />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only z-[60] rounded-md bg-white px-4 py-2 font-semibold text-blue-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        {staffShell ? null : <StaticMarkup id="site-notice">{import.meta.env.SSR && <SiteNotice />}</StaticMarkup>}
        {staffShell ? null : <StaticMarkup id="site-header">{import.meta.env.SSR && <SiteHeader />}</StaticMarkup>}
        {/* Written into the page until the toast shows: a toast needs JavaScript. */}
        {pageFlash ? <FlashMessage toast={pageFlash} /> : null}
        {staffShell ? (
          children
        ) : (
          <main id="main" className="flex-1">
            {children}
          </main>
        )}
        {staffShell ? null : <StaticMarkup id="site-footer">{import.meta.env.SSR && <SiteFooter />}</StaticMarkup>}
        {/* No <ScrollRestoration>: every page change is a document load, whose scroll position the
            browser restores itself. */}
        {hydrate ? (
          <>
            <Toaster />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { toast } = loaderData;
  // Tells tests (and anyone curious) that the page has been enhanced.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  // Keyed on the id: a revalidation that returns no new toast must not replay the last one.
  const toastId = toast?.id;
  useEffect(() => {
    if (toast) showToast(toast);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the id, not the object, says whether it is new
  }, [toastId]);
  return <Outlet />;
}

// Pages set their own meta; this applies only when the root error boundary renders.
export const meta: Route.MetaFunction = ({ matches, error, location }) => {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A staff page's refusal is titled as its heading says ("For the shop's owners").
  const staffRefusal =
    isRouteErrorResponse(error) && error.status < 500 && isStaffPath(location.pathname)
      ? staffErrorText(error.status).title
      : null;
  return [
    ...pageMeta(siteOrigin(matches), {
      title: staffRefusal ?? (notFound ? "Page Not Found" : "Something went wrong"),
      description: notFound
        ? "The page you are looking for does not exist. Find our services, hours and phone number here."
        : "This page could not be loaded. Please try again or call the shop.",
    }),
    { name: "robots", content: "noindex" },
  ];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A gate's refusal (the owners' pages) is thrown before any loader has run, so it lands here
  // rather than in the staff layout's boundary: it still reads as a staff page.
  const staffShell = wearsStaffShell(useMatches());
  if (staffShell && isRouteErrorResponse(error) && error.status < 500) {
    return (
      <>
        <StaffHeader member={memberIn(error.data)} navigation={navigationIn(error.data)} />
        <StaffErrorPage status={error.status} />
      </>
    );
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // An answer such as 404 or 405 is not a failure; anything else is logged with its stack.
  if (!(isRouteErrorResponse(error) && error.status < 500)) console.error(error);
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;

  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center">
      <p className="text-sm font-semibold tracking-wide text-red-700 uppercase">
        {notFound ? "Error 404" : "Something went wrong"}
      </p>
      <h1 className="mt-2 text-4xl font-bold text-blue-950">{notFound ? "Page Not Found" : "We hit a snag"}</h1>
      <p className="mt-4 text-lg text-slate-700">
        {notFound
          ? "The page you are looking for does not exist or has moved."
          : "Sorry, this page could not be loaded. Please try again in a moment, or call us."}
      </p>
      <ButtonLink href="/" size="lg" className="mt-8">
        Back to Home
      </ButtonLink>
      {details ? <pre className="mt-8 overflow-x-auto text-left text-xs">{details}</pre> : null}
    </section>
  );
}
