import type { Route } from "./+types/home";
import { hydrated } from "~/route-handle";
import { pageMeta, siteOrigin } from "~/seo/meta";

export const handle = hydrated;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteOrigin(matches), {
    title: "Auto Repair in Pikesville, MD",
    description: "Auto Repair in Pikesville, MD at Pikesville Family Auto Repair.",
    canonicalPath: location.pathname,
  });

export default function Page() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-bold text-blue-950">Trusted Auto Repair in Pikesville, Maryland</h1>
    </section>
  );
}
