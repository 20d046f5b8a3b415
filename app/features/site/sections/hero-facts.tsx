import type { ReactNode } from "react";
import { IconBadge, type IconComponent } from "~/ui/card";
import { lightPanelFocus } from "~/ui/section";

export const heroPanelClasses = `rounded-2xl bg-white p-6 text-slate-700 shadow-xl ${lightPanelFocus}`;

export type HeroFact = {
  icon: IconComponent;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  highlight?: boolean;
};

/** The white panel beside a page's hero: a few key facts (service time, price, distance…). */
export function HeroFacts({ facts }: { facts: readonly HeroFact[] }) {
  return (
    <dl className={`grid gap-4 ${heroPanelClasses}`}>
      {facts.map((fact, index) => (
        // A <dl> group may hold only <dt> and <dd>, so the icon sits inside the term, beside the text.
        <div
          key={fact.label}
          className={`relative min-h-12 pl-16 ${index > 0 ? "border-t border-slate-200 pt-4" : ""}`}
        >
          <dt className="text-sm text-slate-600">
            <IconBadge
              icon={fact.icon}
              tone={fact.highlight ? "red" : "blue"}
              className={`absolute left-0 ${index > 0 ? "top-4" : "top-0"}`}
            />
            {fact.label}
          </dt>
          <dd className="text-2xl font-bold text-blue-950">{fact.value}</dd>
          {fact.detail ? <dd className="text-sm text-slate-600">{fact.detail}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
