import { servicePath, type Service } from "~/content/services";
import { Card } from "~/ui/card";
import { iconsByName } from "~/ui/icons";

/** Links to the other main services, beside a service's own page. */
export function OtherServices({
  current,
  services,
  className = "",
}: {
  current: Service;
  /** The visible services, in order. */
  services: readonly Service[];
  className?: string;
}) {
  return (
    <nav aria-labelledby="other-services-heading" className={className}>
      <Card>
        <h2 id="other-services-heading" className="text-lg font-bold text-blue-950">
          Other Services
        </h2>
        <ul className="mt-4 grid gap-2">
          {services
            .filter((other) => other.slug !== current.slug)
            .map((other) => {
              const Icon = iconsByName[other.icon];
              return (
                <li key={other.slug}>
                  <a
                    href={servicePath(other)}
                    className="flex items-center gap-3 rounded-md p-2 font-medium text-blue-950 hover:bg-slate-100"
                  >
                    <Icon className="size-5 shrink-0 text-red-700" />
                    {other.name}
                  </a>
                </li>
              );
            })}
        </ul>
      </Card>
    </nav>
  );
}
