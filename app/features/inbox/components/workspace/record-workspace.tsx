import type { ReactNode } from "react";

// The record page as the job's workspace (issue 39): at desktop widths (Tailwind's `lg`) the
// conversation in the main column and the customer, the appointment, the estimate and the desk beside
// it, so the reply form and the desk are in the first screen. Below `lg`, and on Letter paper (the
// printed page is narrower than `lg`), one column in the document's order: the customer, the main
// column, then the side's sections. The order of the markup is the order a screen reader and the Tab
// key follow; only the grid places the customer card at the side's top.

/**
 * One section beside the conversation, rendered in the list's order under an `h2` whose id is its
 * anchor (`/incoming/service-requests/<id>#appointment`). `render` gives its content for this record,
 * or null to leave the whole section out.
 */
export type SideSection<Data> = {
  id: string;
  heading: string;
  render: (data: Data) => ReactNode;
  /** Left out of the printed record: sections of forms only, or of links to other pages. */
  print?: "omit";
};

/** The workspace's three parts, placed by a grid at `lg` (one column below it). */
export function RecordWorkspace({
  customer,
  main,
  side,
}: {
  /** The request's fields: at `lg` the side column's top, below it the first thing under the name. */
  customer: ReactNode;
  /** The status, the timeline and the reply form. */
  main: ReactNode;
  side: ReactNode;
}) {
  return (
    <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_26rem] lg:grid-rows-[auto_1fr] lg:gap-x-10">
      <section aria-labelledby="customer" className="lg:col-start-2 lg:row-start-1">
        <h2 id="customer" className="sr-only">
          Customer
        </h2>
        {customer}
      </section>
      <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">{main}</div>
      <div className="min-w-0 lg:col-start-2 lg:row-start-2">{side}</div>
    </div>
  );
}

export const sectionHeadingClasses = "mt-8 text-lg font-bold text-blue-950";

/**
 * The side column: `sections` in their order, each left out when it renders nothing for this record.
 * Each section's content is a size container, so its forms lay out by the column's width, not the
 * window's.
 */
export function SideSections<Data>({ sections, data }: { sections: readonly SideSection<Data>[]; data: Data }) {
  return (
    // Not an <aside>: a complementary landmark inside <main> is one axe flags; each section is a
    // region named by its heading instead.
    <div>
      {sections.map(({ id, heading, render, print }) => {
        const content = render(data);
        if (content === null || content === undefined || content === false) return null;
        return (
          <section key={id} aria-labelledby={id} data-print={print}>
            <h2 id={id} className={`${sectionHeadingClasses} scroll-mt-24 lg:mt-6`}>
              {heading}
            </h2>
            <div className="@container mt-3">{content}</div>
          </section>
        );
      })}
    </div>
  );
}
