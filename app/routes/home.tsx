import type { Route } from "./+types/home";
import { ServiceRequestForm } from "~/components/forms/service-request-form";
import { hydrated } from "~/route-handle";
import { pageMeta, siteOrigin } from "~/seo/meta";
import { getEnv } from "~/server/context.server";
import { handleSubmissionForm } from "~/server/submission-action.server";

export const handle = hydrated;

export function loader() {
  return { submissionId: crypto.randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSubmissionForm("serviceRequest", request, getEnv(context), { redirectTo: "/#request-service" });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteOrigin(matches), {
    title: "Auto Repair in Pikesville, MD",
    description: "Auto Repair in Pikesville, MD at Pikesville Family Auto Repair.",
    canonicalPath: location.pathname,
  });

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-bold text-blue-950">Trusted Auto Repair in Pikesville, Maryland</h1>
      <section id="request-service" aria-labelledby="request-service-title" className="mt-8 max-w-2xl">
        <h2 id="request-service-title" className="text-2xl font-bold">Request Automotive Service</h2>
        <ServiceRequestForm key={loaderData.submissionId} submissionId={loaderData.submissionId} lastResult={actionData?.result} />
      </section>
    </section>
  );
}
