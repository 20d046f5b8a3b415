import { useLocation } from "react-router";
import { shop } from "~/content/shop";
import { CallButton } from "~/ui/button";
import { MenuIcon } from "~/ui/icons";
import { ShopMark } from "~/ui/shop-mark";
import { useShopHours } from "~/hours/use-shop-hours";
import { BOOK_ONLINE, useBookOnline } from "./book-online-link";

export const mainNavigation = [
  { label: "Home", to: "/" },
  { label: "Services", to: "/services" },
  { label: "About", to: "/about" },
  { label: "Contact", to: "/contact" },
] as const;

function navLinkClasses(isActive: boolean) {
  return `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive
      ? "bg-blue-50 text-blue-900 underline decoration-2 underline-offset-4"
      : "text-slate-700 hover:bg-slate-100 hover:text-blue-900"
  }`;
}

/** The current page's entry: "/" only on the home page, any other entry on its nested pages too. */
function isCurrent(to: string, pathname: string): boolean {
  return to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * Rendered on the server only (docs/decisions/008-static-markup.md): every link loads its page as
 * a document, which starts with the mobile menu closed.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const navigation = useBookOnline() ? [...mainNavigation, BOOK_ONLINE] : mainNavigation;
  return (
    // Sticky 1.75rem above the top: the open-now strip scrolls away, the main row stays.
    <header className="sticky -top-7 z-50 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <OpenNowStrip />
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <ShopMark href="/" line={shop.tagline} tone="light" />

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navigation.map((item) => (
              <li key={item.to}>
                <a
                  href={item.to}
                  aria-current={isCurrent(item.to, pathname) ? "page" : undefined}
                  className={navLinkClasses(isCurrent(item.to, pathname))}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <CallButton label="Call" showNumber="sm" />
          <details className="group md:hidden">
            <summary
              aria-label="Menu"
              className="grid size-10 cursor-pointer list-none place-items-center rounded-md text-blue-950 ring-1 ring-slate-300 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
            >
              <MenuIcon className="size-5" />
            </summary>
            <nav
              aria-label="Mobile"
              className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pb-4 shadow-lg"
            >
              <ul className="grid gap-1 pt-2">
                {navigation.map((item) => (
                  <li key={item.to}>
                    <a
                      href={item.to}
                      aria-current={isCurrent(item.to, pathname) ? "page" : undefined}
                      className={`block ${navLinkClasses(isCurrent(item.to, pathname))} text-base`}
                    >
                      {item.label}
                    </a>
                  </li>
                ))}
                <li className="pt-2">
                  <CallButton className="w-full" label="Call" showNumber size="lg" />
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

/**
 * "Open now · until 5:00 PM", computed on the server for this request (app/hours/shop-status.ts).
 * Pages that carry it are never served from the page cache past the line's next change.
 */
function OpenNowStrip() {
  const status = useShopHours()?.status;
  return (
    <div className="h-7 bg-blue-950 text-white">
      {status ? (
        <p className="mx-auto flex h-full max-w-6xl items-center gap-2 px-4 text-sm">
          <span
            aria-hidden="true"
            className={`size-2 shrink-0 rounded-full ${status.open ? "bg-green-400" : "bg-amber-400"}`}
          />
          {status.label}
        </p>
      ) : null}
    </div>
  );
}
