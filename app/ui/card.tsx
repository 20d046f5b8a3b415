import type { ComponentProps, ComponentType, ReactNode, SVGProps } from "react";
import type { IconName } from "~/content/icon-names";
import { iconsByName } from "./icons";

export type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;

const cardTones = {
  white: "border-slate-200 bg-white",
  muted: "border-slate-200 bg-slate-50",
  success: "border-green-200 bg-green-50",
  alert: "border-red-200 bg-red-50",
} as const;

// Colours go through `tone`: a `bg-*` passed in className would compete with the default one.
export function Card({
  tone = "white",
  className = "",
  ...props
}: ComponentProps<"div"> & { tone?: keyof typeof cardTones }) {
  return <div className={`rounded-xl border p-6 shadow-sm ${cardTones[tone]} ${className}`} {...props} />;
}

const badgeTones = {
  blue: "bg-blue-50 text-blue-900",
  red: "bg-red-50 text-red-700",
  // On tinted cards (warranty, emergency), a white square keeps the icon standing out.
  greenOnTint: "bg-white text-green-800",
  redOnTint: "bg-white text-red-700",
} as const;

/** A decorative icon in a tinted square, at the top of a card or beside a fact. */
export function IconBadge({
  icon: Icon,
  tone = "blue",
  className = "",
}: {
  icon: IconComponent;
  tone?: keyof typeof badgeTones;
  className?: string;
}) {
  return (
    <span className={`grid size-12 shrink-0 place-items-center rounded-lg ${badgeTones[tone]} ${className}`}>
      <Icon className="size-6" />
    </span>
  );
}

/** Icon, title and a short text: benefits, values, facilities, reasons to choose. */
export function IconCard({ icon, title, children }: { icon: IconComponent; title: string; children: ReactNode }) {
  return (
    <Card className="h-full">
      <IconBadge icon={icon} />
      <h3 className="mt-4 text-lg font-bold text-blue-950">{title}</h3>
      <div className="mt-2 leading-relaxed text-slate-700">{children}</div>
    </Card>
  );
}

const gridColumns = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

/** A responsive list of cards: one column on phones, up to `columns` on wide screens. */
export function CardGrid({
  columns = 3,
  className = "",
  ...props
}: ComponentProps<"ul"> & { columns?: keyof typeof gridColumns }) {
  return <ul className={`grid gap-6 ${gridColumns[columns]} ${className}`} {...props} />;
}

/** The pages' lists of points (values, reasons, what the shop offers): an icon card each, in a grid. */
export function IconCardGrid({
  items,
  columns,
}: {
  items: readonly { icon: IconName; title: string; description: ReactNode }[];
  columns?: keyof typeof gridColumns;
}) {
  return (
    <CardGrid columns={columns}>
      {items.map((item) => (
        <li key={item.title}>
          <IconCard icon={iconsByName[item.icon]} title={item.title}>
            {item.description}
          </IconCard>
        </li>
      ))}
    </CardGrid>
  );
}

/**
 * A page that is one card in the middle (signing in, a link's form): its heading and the line
 * under it, centred under a round icon when there is one, then what it holds.
 */
export function CardPage({
  icon: Icon,
  title,
  intro,
  children,
  after,
}: {
  icon?: IconComponent;
  title: string;
  intro: ReactNode;
  children: ReactNode;
  /** Below the card (the app's version on the login page). */
  after?: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <Card className="sm:p-8">
        <div className={Icon ? "flex flex-col items-center text-center" : undefined}>
          {Icon ? (
            <span className="mb-4 grid size-12 place-items-center rounded-full bg-blue-950 text-white">
              <Icon className="size-6" aria-hidden="true" />
            </span>
          ) : null}
          <h1 className="text-2xl font-bold text-blue-950">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{intro}</p>
        </div>
        {children}
      </Card>
      {after}
    </section>
  );
}
