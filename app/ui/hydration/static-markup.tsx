import { type ReactNode, useEffect } from "react";

/**
 * Markup that never changes in the browser, on a page that loads JavaScript for its form. The
 * server renders it; hydration adopts it as it is. Callers write the child as
 * `{import.meta.env.SSR && <Block />}`: Vite folds the constant, so the client bundle holds
 * neither Block's components nor its text. Nothing inside ever runs in the browser, so Block
 * comes from app/{ui,layout,features/site/sections,features/site/static}/, where ESLint refuses event handlers,
 * state and effect hooks and client-side navigation (eslint-rules/static-markup.js). Links
 * inside are plain links: the next page loads as a document, as on the pages that ship no
 * JavaScript at all. Why, and what it saves: docs/decisions/008-static-markup.md.
 *
 * The browser keeps a copy of each block's markup as the server sent it, taken before React
 * hydrates. React renders the block from that copy whenever it renders on the client instead
 * of hydrating: after a hydration mismatch (a translated page, an extension), or under an
 * error page. A block the first document did not have (a client-side navigation to another
 * page, which the site's links do not make) loads that page as a document instead.
 */
export function StaticMarkup({ id, children }: { id: string; children: ReactNode }) {
  if (import.meta.env.SSR) {
    return (
      <div className="contents" data-static-markup={id}>
        {children}
      </div>
    );
  }
  return <AdoptedMarkup id={id} />;
}

function AdoptedMarkup({ id }: { id: string }) {
  const markup = serverMarkup.get(id);
  useEffect(() => {
    if (markup === undefined) window.location.reload();
  }, [markup]);
  if (markup === undefined) return null;
  return (
    <div
      className="contents"
      data-static-markup={id}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}

// Read when this module loads, which is before hydration: React Router imports the route
// modules (and so this one) first, and only then starts React.
const serverMarkup = new Map<string, string>(
  typeof document === "undefined"
    ? []
    : Array.from(document.querySelectorAll<HTMLElement>("[data-static-markup]"), (element) => [
        element.dataset.staticMarkup!,
        element.innerHTML,
      ]),
);
