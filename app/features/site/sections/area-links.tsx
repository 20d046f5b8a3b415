import { areaPath, type Area } from "~/content/areas";
import { ChevronRightIcon, MapPinIcon } from "~/ui/icons";

/** Links to service-area pages, each with its distance from the shop. */
export function AreaLinks({ areas }: { areas: readonly Area[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {areas.map((area) => (
        <li key={area.slug}>
          <a
            href={areaPath(area)}
            className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 font-semibold text-blue-950 shadow-sm transition-colors hover:border-blue-300 hover:bg-blue-50"
          >
            <MapPinIcon className="size-5 shrink-0 text-red-700" />
            <span>{area.name}</span>
            <span className="ml-auto text-sm font-normal text-slate-600">{area.distance}</span>
            <ChevronRightIcon className="size-4 shrink-0 text-slate-500" />
          </a>
        </li>
      ))}
    </ul>
  );
}
