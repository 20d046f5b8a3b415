import type { ReactNode } from "react";
import { ButtonLink, CallButton } from "~/ui/button";
import { ChevronRightIcon, WrenchIcon } from "~/ui/icons";
import { darkBandFocus } from "~/ui/section";

export type Breadcrumb = { label: string; to: string };

/** The top band of every page: the page's only h1, its intro and its main calls to action. */
export function PageHero({
  eyebrow,
  title,
  intro,
  actions,
  breadcrumbs,
  aside,
  children,
}: {
  eyebrow?: string;
  title: string;
  intro: ReactNode;
  actions?: ReactNode;
  breadcrumbs?: readonly Breadcrumb[];
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="page-title"
      className={`relative isolate overflow-hidden bg-blue-950 text-white ${darkBandFocus}`}
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_90%_-10%,var(--color-blue-800)_0%,transparent_55%),radial-gradient(circle_at_0%_110%,var(--color-blue-900)_0%,transparent_45%)]"
      />
      <WrenchIcon className="absolute -right-16 -bottom-20 -z-10 hidden size-96 text-white/5 lg:block" />
      <div
        className={`mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:py-20 ${aside ? "lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-center" : ""}`}
      >
        <div className="max-w-3xl">
          {breadcrumbs ? <Breadcrumbs items={breadcrumbs} current={title} /> : null}
          {eyebrow ? <p className="text-sm font-semibold tracking-wide text-red-300 uppercase">{eyebrow}</p> : null}
          <h1 id="page-title" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {title}
          </h1>
          <div className="mt-5 text-lg leading-relaxed text-blue-100 sm:text-xl">{intro}</div>
          {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
          {children}
        </div>
        {aside}
      </div>
    </section>
  );
}

function Breadcrumbs({ items, current }: { items: readonly Breadcrumb[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-blue-100">
        {items.map((item) => (
          <li key={item.to} className="flex items-center gap-1">
            <a href={item.to} className="rounded underline-offset-4 hover:text-white hover:underline">
              {item.label}
            </a>
            <ChevronRightIcon className="size-4" />
          </li>
        ))}
        <li aria-current="page" className="font-medium text-white">
          {current}
        </li>
      </ol>
    </nav>
  );
}

/** The hero's usual calls to action: phone the shop, or go to the contact page. */
/** Call, or schedule online: on a service page, the request form with that service chosen. */
export function CallOrScheduleActions({ scheduleTo = "/contact" }: { scheduleTo?: string }) {
  return (
    <>
      <CallButton size="lg" label="Call" showNumber />
      <ButtonLink href={scheduleTo} variant="outlineLight" size="lg">
        Schedule Service
      </ButtonLink>
    </>
  );
}
