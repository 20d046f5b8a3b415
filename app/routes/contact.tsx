import type { Route } from "./+types/contact";
import { ContactForm } from "~/components/forms/contact-form";
import { hydrated } from "~/route-handle";
import { pageMeta, siteOrigin } from "~/seo/meta";
import { getEnv } from "~/server/context.server";
import { handleSubmissionForm } from "~/server/submission-action.server";

export const handle = hydrated;

export function loader() {
  return { submissionId: crypto.randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSubmissionForm("contact", request, getEnv(context), { redirectTo: "/contact#contact-form" });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteOrigin(matches), {
    title: "Contact Us",
    description: "Contact Us at Pikesville Family Auto Repair.",
    canonicalPath: location.pathname,
  });

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-bold text-blue-950">Contact Us</h1>
      <section id="contact-form" aria-labelledby="contact-form-title" className="mt-8 max-w-2xl">
        <h2 id="contact-form-title" className="text-2xl font-bold">Send Us a Message</h2>
        <ContactForm key={loaderData.submissionId} submissionId={loaderData.submissionId} lastResult={actionData?.result} />
      </section>
    </section>
  );
}
