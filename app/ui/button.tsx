import type { ComponentProps } from "react";
import { phoneHref, shop } from "~/content/shop";
import { PhoneIcon } from "./icons";

const variants = {
  primary: "bg-red-700 text-white hover:bg-red-800",
  secondary: "bg-white text-blue-950 ring-1 ring-slate-300 hover:bg-slate-100",
  dark: "bg-blue-950 text-white hover:bg-blue-900",
  outlineLight: "text-white ring-2 ring-white/80 hover:bg-white/10",
  quiet: "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100 hover:text-slate-900",
} as const;

const sizes = {
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2 text-sm",
  lg: "px-6 py-3 text-base",
} as const;

export type ButtonStyle = { variant?: keyof typeof variants; size?: keyof typeof sizes };

export function buttonClasses({ variant = "primary", size = "md" }: ButtonStyle = {}): string {
  // The base is the class `button` in app/app.css.
  return `button ${variants[variant]} ${sizes[size]}`;
}

export function Button({ variant, size, className = "", ...props }: ComponentProps<"button"> & ButtonStyle) {
  return <button className={`${buttonClasses({ variant, size })} ${className}`} {...props} />;
}

/** A form's submit button on its own line, saying so while the form is being saved. */
export function SaveButton({ busy, label, size }: { busy: boolean; label: string; size?: ButtonStyle["size"] }) {
  return (
    <div>
      <Button type="submit" size={size} disabled={busy}>
        {busy ? "Saving…" : label}
      </Button>
    </div>
  );
}

/**
 * A link styled as a button. A plain <a>: the next page loads as a document, with or without
 * JavaScript (docs/decisions/008-static-markup.md).
 */
export function ButtonLink({ variant, size, className = "", children, ...props }: ComponentProps<"a"> & ButtonStyle) {
  return (
    <a className={`${buttonClasses({ variant, size })} ${className}`} {...props}>
      {children}
    </a>
  );
}

/**
 * The site's main call to action: a tel: link to the shop. `showNumber: "sm"` shows the number
 * from the small breakpoint up only, so the header's button fits a phone screen.
 */
export function CallButton({
  label = "Call",
  showNumber = false,
  variant,
  size,
  className = "",
}: ButtonStyle & { label?: string; showNumber?: boolean | "sm"; className?: string }) {
  return (
    <a href={phoneHref} className={`${buttonClasses({ variant, size })} ${className}`}>
      <PhoneIcon className="size-4 shrink-0" />
      <span>
        {label}
        {showNumber === "sm" ? (
          <span className="sr-only sm:not-sr-only"> {shop.phone.display}</span>
        ) : showNumber ? (
          ` ${shop.phone.display}`
        ) : null}
      </span>
    </a>
  );
}
