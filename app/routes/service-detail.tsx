import { data } from "react-router";
import type { Route } from "./+types/service-detail";
import { findService } from "~/content/services";
import { pageMeta, siteOrigin } from "~/seo/meta";

export function loader({ params }: Route.LoaderArgs) {
  const service = findService(params.slug);
  if (!service) throw data(null, { status: 404 });
  return { slug: service.slug };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const service = loaderData ? findService(loaderData.slug) : undefined;
  if (!service) return [];
  return pageMeta(siteOrigin(matches), {
    title: service.name,
    description: service.description,
    keywords: service.keywords,
    canonicalPath: location.pathname,
  });
};

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const service = findService(loaderData.slug)!;
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-bold text-blue-950">{service.name}</h1>
    </section>
  );
}
