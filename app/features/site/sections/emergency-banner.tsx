import { CallButton } from "~/ui/button";
import { AlertIcon } from "~/ui/icons";
import { darkBandFocus } from "~/ui/section";

/** The home page's red band: for a car in trouble, calling beats any form. */
export function EmergencyBanner() {
  return (
    <section aria-labelledby="emergency-heading" className={`bg-red-700 text-white ${darkBandFocus}`}>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12 md:flex-row md:items-center md:justify-between">
        <div className="flex gap-4">
          <AlertIcon className="size-10 shrink-0" />
          <div>
            <h2 id="emergency-heading" className="text-2xl font-bold sm:text-3xl">
              Car Trouble? Call Us Now
            </h2>
            <p className="mt-2 max-w-2xl text-red-50">
              A warning light, a strange noise or a car that won't start: call and we'll tell you honestly what to do
              next and fit you in as soon as we can.
            </p>
          </div>
        </div>
        <CallButton variant="secondary" size="lg" label="Call" showNumber className="self-start md:self-center" />
      </div>
    </section>
  );
}
