import { data, Link, useActionData } from "react-router";
import type { Route } from "./+types/record-estimate";
import { recordPath } from "~/records/kinds";
import type { RouteHandle } from "~/route-handle";
import { privateRecordMeta } from "~/seo/meta";
import { getEnv } from "~/http/context.server";
import { notFoundData } from "~/http/outcome.server";
import { NO_STORE } from "~/http/responses.server";
import { getRecord } from "~/features/inbox/inbox.server";
import { EstimateSection } from "../components/estimate-section";
import { estimateSectionData, handleEstimateForm } from "../server/record-section.server";

// /incoming/service-requests/<id>/estimate: where the record page's estimate forms (save, send)
// post. Saved or sent, the answer is a redirect back to the record's estimate section with a
// toast; a refused form is shown here again, as it was typed, with what to fix (400), JavaScript
// on or off. A visit (GET) shows the request's estimates and their forms on their own.

export const handle: RouteHandle = { hydrate: true };

export async function loader({ context, params }: Route.LoaderArgs) {
  const env = getEnv(context);
  const record = await getRecord(env, "serviceRequest", params.id);
  if (!record) throw notFoundData(NO_STORE);
  const section = await estimateSectionData(env, params.id);
  return data({ id: record.id, name: `${record.firstName} ${record.lastName}`, section }, { headers: NO_STORE });
}

export const action = ({ request, context, params }: Route.ActionArgs) =>
  handleEstimateForm(request, context, params.id);

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privateRecordMeta(
  (data: Route.ComponentProps["loaderData"]) => `Estimate for ${data.name}`,
  "A written estimate on a service request.",
);

export default function RecordEstimate({ loaderData }: Route.ComponentProps) {
  const { id, name, section } = loaderData;
  const answer = useActionData<typeof action>();
  const refused = answer && "result" in answer ? answer.result : undefined;
  const back = recordPath("serviceRequest", id);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <Link to={back} className="text-sm font-semibold text-blue-800 underline-offset-2 hover:underline">
        ← Back to the service request
      </Link>
      <h1 className="mt-4 text-3xl font-bold break-words text-blue-950">Estimate for {name}</h1>
      <div className="mt-6">
        <EstimateSection section={section} action={`${back}/estimate`} refused={refused} />
      </div>
    </section>
  );
}
