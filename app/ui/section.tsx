import type { ReactNode } from "react";

/**
 * For dark bands (hero, call-to-action panel, emergency banner): the site's blue focus ring is
 * too faint on navy or red, so focused links and buttons inside get a white one.
 */
export const darkBandFocus = "[&_:focus-visible]:outline-white";

/** A white panel inside a dark band takes the blue ring back (a more specific selector wins). */
export const lightPanelFocus = "[&_a:focus-visible]:outline-blue-600";

const tones = {
  white: "bg-white",
  muted: "bg-slate-50",
} as const;

/**
 * A page section: full-width band, centred content, and (when given a title) an h2 that
 * names the section for assistive technology.
 */
export function Section({
  id,
  title,
  eyebrow,
  intro,
  tone = "white",
  className = "",
  children,
}: {
  id: string;
  title?: string;
  eyebrow?: string;
  intro?: ReactNode;
  tone?: keyof typeof tones;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={`py-16 sm:py-20 ${tones[tone]} ${className}`}
    >
      <div className="mx-auto max-w-6xl px-4">
        {title ? (
          <SectionHeading id={headingId} eyebrow={eyebrow} title={title} className="mb-10 sm:mb-12">
            {intro}
          </SectionHeading>
        ) : null}
        {children}
      </div>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  align = "center",
  className = "",
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  align?: "center" | "start";
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`${align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"} ${className}`}>
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-red-700 uppercase">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-blue-950 sm:text-4xl">
        {title}
      </h2>
      {children ? <p className="mt-4 text-lg leading-relaxed text-slate-700">{children}</p> : null}
    </div>
  );
}
