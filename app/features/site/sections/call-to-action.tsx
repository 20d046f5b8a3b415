import type { ReactNode } from "react";
import { ButtonLink, CallButton } from "~/ui/button";
import { darkBandFocus } from "~/ui/section";

/**
 * A closing panel with the two things a visitor can do next: call, or write (the contact page,
 * or on a service page the request form with that service chosen).
 */
export function CallToAction({
  title,
  children,
  tone = "white",
  write = { to: "/contact", label: "Contact Us" },
}: {
  title: string;
  children: ReactNode;
  write?: { to: string; label: string };
  /** The band's colour: the opposite of the section above keeps the page's rhythm. */
  tone?: "white" | "muted";
}) {
  return (
    <section
      aria-labelledby="call-to-action-heading"
      className={`py-16 sm:py-20 ${tone === "muted" ? "bg-slate-50" : "bg-white"}`}
    >
      <div className="mx-auto max-w-6xl px-4">
        <div
          className={`flex flex-col gap-8 rounded-2xl bg-blue-950 px-6 py-10 text-white sm:px-10 lg:flex-row lg:items-center lg:justify-between ${darkBandFocus}`}
        >
          <div className="max-w-2xl">
            <h2 id="call-to-action-heading" className="text-3xl font-bold tracking-tight text-balance">
              {title}
            </h2>
            <p className="mt-3 text-lg leading-relaxed text-blue-100">{children}</p>
          </div>
          <div className="flex flex-wrap gap-3 lg:shrink-0">
            <CallButton size="lg" label="Call" showNumber />
            <ButtonLink href={write.to} variant="outlineLight" size="lg">
              {write.label}
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
