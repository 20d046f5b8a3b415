import type { ReactNode } from "react";
import { IconBadge, type IconComponent } from "~/components/ui/card";

export const heroPanelClasses = "rounded-2xl bg-white p-6 text-slate-700 shadow-xl";

export type HeroFact = { icon: IconComponent; label: string; value: ReactNode; detail?: ReactNode; highlight?: boolean };

/** The white panel beside a page's hero: a few key facts (service time, price, distance…). */
export function HeroFacts({ facts }: { facts: readonly HeroFact[] }) {
  return (
    <dl className={`grid gap-4 ${heroPanelClasses}`}>
      {facts.map((fact, index) => (
        <div key={fact.label} className={`flex gap-4 ${index > 0 ? "border-t border-slate-200 pt-4" : ""}`}>
          <IconBadge icon={fact.icon} tone={fact.highlight ? "red" : "blue"} />
          <div>
            <dt className="text-sm text-slate-600">{fact.label}</dt>
            <dd className="text-2xl font-bold text-blue-950">{fact.value}</dd>
            {fact.detail ? <dd className="text-sm text-slate-600">{fact.detail}</dd> : null}
          </div>
        </div>
      ))}
    </dl>
  );
}
