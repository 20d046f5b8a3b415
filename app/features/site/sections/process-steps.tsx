import type { ProcessStep } from "~/content/services";

/** A service's numbered steps, from check-in to handing back the keys. */
export function ProcessSteps({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <ol className="grid gap-4">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <span
            aria-hidden="true"
            className="grid size-10 shrink-0 place-items-center rounded-full bg-blue-950 font-bold text-white"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="font-bold text-blue-950">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-1 leading-relaxed text-slate-700">{step.description}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
