import { Form } from "react-router";
import { RESPONSE_RECORD_MIN_RECEIVED, responseRecordLine } from "~/features/insights/response-record";
import { Button } from "~/ui/button";

// The owners' switch on the insights page: "Show our response record on the website". A plain
// post; the hidden "false" goes first, so an unticked box says so.

export type ResponseRecordState = {
  show: boolean;
  /** What / and /contact say now, if anything. */
  shownPercent: number | null;
  /** Requests in the last 30 days when the figure was last computed. */
  received: number | null;
};

function status({ show, shownPercent, received }: ResponseRecordState): string {
  if (!show) return "Off: the website shows no figure.";
  if (shownPercent !== null) return `On: the home and contact pages say "${responseRecordLine(shownPercent)}".`;
  if (received !== null && received < RESPONSE_RECORD_MIN_RECEIVED) {
    return `On, but not shown yet: ${received} of the ${RESPONSE_RECORD_MIN_RECEIVED} requests in 30 days it needs.`;
  }
  return "On, but not shown yet: nothing to measure so far.";
}

/** The owners' change goes to a route of its own in the owners' group (app/routes.ts), back to this period. */
export function ResponseRecordForm({ state, days }: { state: ResponseRecordState; days: number }) {
  return (
    <section
      id="on-the-website"
      aria-labelledby="on-the-website-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="on-the-website-heading" className="text-xl font-bold text-blue-950">
        On the website
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Visitors can see the proof: with this on, and once at least {RESPONSE_RECORD_MIN_RECEIVED} requests came in the
        last 30 days, the home page and the contact page say e.g. "{responseRecordLine(97)}". The figure is worked out
        once an hour, counting clock time.
      </p>
      <Form
        method="post"
        action={`/incoming/insights/response-record?days=${days}`}
        className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3"
      >
        <input type="hidden" name="intent" value="response-record" />
        <input type="hidden" name="show" value="false" />
        <label className="flex items-center gap-2 font-medium text-slate-900">
          <input
            type="checkbox"
            name="show"
            value="true"
            defaultChecked={state.show}
            className="size-5 rounded border-slate-400"
          />
          Show our response record on the website
        </label>
        <Button type="submit">Save</Button>
      </Form>
      <p className="mt-3 text-sm font-medium text-slate-800" aria-live="polite">
        {status(state)}
      </p>
    </section>
  );
}
