import { formatSubmittedAt } from "~/hours/shop-calendar";
import { Button } from "~/ui/button";
import type { CatalogVersion } from "../catalog";

/**
 * Saved versions, newest first: when and by whom each was saved, the newest marked as shown now,
 * every other one with a button that posts `intent` and its number to put it back.
 */
export function VersionList({
  versions,
  intent,
  restoreLabel,
  className,
}: {
  versions: readonly CatalogVersion[];
  intent: string;
  restoreLabel: (version: number) => string;
  className: string;
}) {
  return (
    <ol className={className}>
      {versions.map((version, index) => (
        <li
          key={version.version}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3"
        >
          <span className="text-sm">
            <span className="font-semibold">Version {version.version}</span>, {formatSubmittedAt(new Date(version.at))}{" "}
            {version.by ? `by ${version.by}` : "(as shipped)"}
          </span>
          {index === 0 ? (
            <span className="text-sm text-slate-600">Shown now</span>
          ) : (
            <form method="post">
              <input type="hidden" name="intent" value={intent} />
              <input type="hidden" name="version" value={version.version} />
              <Button type="submit" variant="secondary" size="sm">
                {restoreLabel(version.version)}
              </Button>
            </form>
          )}
        </li>
      ))}
    </ol>
  );
}
