import { shop } from "~/content/shop";
import { WrenchIcon } from "~/ui/icons";

const tones = {
  // On the public site's white header.
  light: {
    link: "flex items-center gap-2 rounded-md focus-visible:outline-3 focus-visible:outline-blue-600",
    badge: "grid size-9 place-items-center rounded-md bg-blue-950 text-white",
    name: "block text-base font-bold text-blue-950",
    line: "block text-xs text-slate-600",
  },
  // On the staff side's dark header.
  dark: {
    link: "flex items-center gap-2 rounded-md focus-visible:outline-3 focus-visible:outline-white",
    badge: "grid size-8 place-items-center rounded-md bg-white text-blue-950",
    name: "block text-sm font-bold",
    line: "block text-xs text-blue-200",
  },
} as const;

/** The shop's mark in a header: the wrench badge, the name and a line under it, linking home. */
export function ShopMark({ href, line, tone }: { href: string; line: string; tone: keyof typeof tones }) {
  const classes = tones[tone];
  return (
    <a href={href} className={classes.link}>
      <span className={classes.badge}>
        <WrenchIcon className="size-5" />
      </span>
      <span className="leading-tight">
        <span className={classes.name}>{shop.name}</span>
        <span className={classes.line}>{line}</span>
      </span>
    </a>
  );
}
