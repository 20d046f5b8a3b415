import { type ReactNode, useLayoutEffect, useRef } from "react";
import { useHydrated } from "./use-hydrated";

const KEEP_SERVER_MARKUP = { __html: "" };

/**
 * Markup that never changes in the browser, on a page that loads JavaScript for its form. The
 * server renders it; hydration adopts it as it is. Callers write the child as
 * `{import.meta.env.SSR && <Content />}`: Vite folds the constant, so the client bundle holds
 * neither Content's components nor its text. Links inside are plain links: the next page
 * loads as a document, as on the pages that ship no JavaScript at all.
 */
export function StaticMarkup({ children }: { children: ReactNode }) {
  if (import.meta.env.SSR) return <div className="contents">{children}</div>;
  return <AdoptedMarkup />;
}

function AdoptedMarkup() {
  const element = useRef<HTMLDivElement>(null);
  const mountedAfterHydration = useHydrated();
  useLayoutEffect(() => {
    // Only hydration has server markup to adopt. A client-side render (which the site's plain
    // links never cause) would leave this empty, so load the page as a document instead.
    if (mountedAfterHydration && !element.current?.hasChildNodes()) window.location.reload();
  }, []);
  return <div ref={element} className="contents" suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_MARKUP} />;
}
