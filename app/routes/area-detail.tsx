import { data } from "react-router";
import type { Route } from "./+types/area-detail";
import { areaPath, findAreaBySlug } from "~/content/areas";
import { pageMeta, siteOrigin } from "~/seo/meta";

export function loader({ params }: Route.LoaderArgs) {
  const found = findAreaBySlug(params.slug);
  if (!found) throw data(null, { status: 404 });
  return { slug: found.area.slug };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const found = loaderData ? findAreaBySlug(loaderData.slug) : undefined;
  if (!found) return [];
  return pageMeta(siteOrigin(matches), {
    title: `Auto Repair in ${found.area.name}, MD`,
    description: found.area.description,
    canonicalPath: areaPath(found.area),
  });
};

export default function AreaDetail({ loaderData }: Route.ComponentProps) {
  const { area } = findAreaBySlug(loaderData.slug)!;
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-bold text-blue-950">Auto Repair in {area.name}</h1>
    </section>
  );
}
