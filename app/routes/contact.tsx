import type { Route } from "./+types/contact";
import { hydrated } from "~/route-handle";
import { pageMeta, siteOrigin } from "~/seo/meta";

export const handle = hydrated;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteOrigin(matches), {
    title: "Contact Us",
    description: "Contact Us at Pikesville Family Auto Repair.",
    canonicalPath: location.pathname,
  });

export default function Page() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-bold text-blue-950">Contact Us</h1>
    </section>
  );
}
