import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";

// The site's links to /book (issue 40): shown only while the owner has online booking on, which the
// root loader reads with each rendering (a cached page follows a change within the page cache's
// minute, decision 034; /book itself says so when it is off).

export const BOOK_ONLINE = { label: "Book online", to: "/book" } as const;

/** Whether the site links to /book. Read by shape from the root's data (no import cycle through app/root.tsx). */
export function useBookOnline(): boolean {
  return useRouteLoaderData<{ bookOnline?: boolean }>("root")?.bookOnline === true;
}

/** A sentence with a link to /book, only while online booking is on. */
export function BookOnlineLine({ className, children }: { className?: string; children: ReactNode }) {
  if (!useBookOnline()) return null;
  return (
    <p className={className}>
      {children}{" "}
      <a href={BOOK_ONLINE.to} className="font-semibold text-blue-900 underline underline-offset-2">
        Book online
      </a>
    </p>
  );
}
