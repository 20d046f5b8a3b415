import type { Route } from "./+types/services";
import { pageMeta, siteOrigin } from "~/seo/meta";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteOrigin(matches), {
    title: "Auto Repair Services",
    description: "Auto Repair Services at Pikesville Family Auto Repair.",
    canonicalPath: location.pathname,
  });

export default function Page() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-bold text-blue-950">Our Services</h1>
    </section>
  );
}
