import type { ComponentType, SVGProps } from "react";

/** A list whose every line starts with the same small icon (a pin before a landmark, a tick before a step). */
export function IconList({
  items,
  icon: Icon,
  iconClassName,
  className,
}: {
  items: readonly string[];
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  iconClassName: string;
  className: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Icon className={iconClassName} />
          {item}
        </li>
      ))}
    </ul>
  );
}
