import type { RightsView } from "../views";

// §14-1008(b): the rights under the printed heading "Customer's Rights", physically separated from
// the other terms, in easily readable type, immediately before the space for the signature.
export function CustomerRights({ rights }: { rights: RightsView }) {
  return (
    <section
      aria-labelledby="customer-rights"
      className="estimate-rights rounded-lg border-2 border-blue-950 bg-white p-4"
    >
      <h2 id="customer-rights" className="text-lg font-bold text-blue-950">
        {rights.heading}
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-base text-slate-900">
        {rights.rights.map((right) => (
          <li key={right}>{right}</li>
        ))}
      </ol>
    </section>
  );
}
