import type { CatalogVersion, FieldChange } from "../catalog";

/** What changed between two versions of a service, field by field, and a GET form to pick two others. */
export function VersionChanges({
  slug,
  compare,
  versions,
}: {
  slug: string;
  compare: { from: number; to: number; changes: FieldChange[] };
  versions: CatalogVersion[];
}) {
  const choice = (name: "from" | "to", selected: number) => (
    <label className="text-sm font-semibold text-slate-800">
      {name === "from" ? "From version" : "To version"}{" "}
      <select name={name} defaultValue={selected} className="rounded-md border border-slate-400 px-2 py-1 font-normal">
        {versions.map((version) => (
          <option key={version.version} value={version.version}>
            {version.version}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="mt-3 grid gap-3">
      <form method="get" action={`/incoming/settings/services/${slug}`} className="flex flex-wrap items-end gap-3">
        {choice("from", compare.from)}
        {choice("to", compare.to)}
        <button type="submit" className="rounded-md border border-slate-400 px-3 py-1 text-sm font-semibold">
          Show what changed
        </button>
      </form>
      <h3 className="font-semibold text-blue-950">
        {`What changed from version ${compare.from} to version ${compare.to}`}
      </h3>
      {compare.changes.length === 0 ? (
        <p className="text-sm text-slate-700">Nothing: the two versions are the same.</p>
      ) : (
        <table className="w-full table-fixed border-collapse text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="w-32 border-b p-2">
                Field
              </th>
              <th scope="col" className="border-b p-2">
                Version {compare.from}
              </th>
              <th scope="col" className="border-b p-2">
                Version {compare.to}
              </th>
            </tr>
          </thead>
          <tbody>
            {compare.changes.map((change) => (
              <tr key={change.label} className="align-top">
                <th scope="row" className="border-b p-2 font-semibold">
                  {change.label}
                </th>
                <td className="border-b bg-red-50 p-2 break-words whitespace-pre-line">{change.before}</td>
                <td className="border-b bg-green-50 p-2 break-words whitespace-pre-line">{change.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
