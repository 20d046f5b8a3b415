import { notFoundData } from "~/http/outcome.server";
import type { Route } from "./+types/area-detail";
import { areaPath, areas, findArea, type Area } from "~/content/areas";
import { shop } from "~/content/shop";
import { AreaLinks } from "~/features/site/sections/area-links";
import { CallToAction } from "~/features/site/sections/call-to-action";
import { HeroFacts } from "~/features/site/sections/hero-facts";
import { CallOrScheduleActions, PageHero } from "~/features/site/sections/page-hero";
import { ServicePreview } from "~/features/site/sections/service-card";
import { Card } from "~/ui/card";
import { IconList } from "~/ui/icon-list";
import { CarIcon, ClockIcon, MapPinIcon, TruckIcon } from "~/ui/icons";
import { Section } from "~/ui/section";
import { publicPage, type RouteHandle } from "~/route-handle";
import { pageMeta, siteOrigin } from "~/seo/meta";
import { visibleServices } from "~/features/catalog/catalog.server";

// The same page for every visitor: the Worker may serve it from the page cache.
export const handle: RouteHandle = { pageCache: publicPage };

// Short aliases (/areas/pikesville) render the same page; their canonical link names the long form.
export async function loader({ params, context }: Route.LoaderArgs) {
  const area = findArea(params.slug);
  if (!area) throw notFoundData();
  // The first three services the site shows, previewed on every area page.
  return { area, previewServices: (await visibleServices(context)).slice(0, 3) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { area } = loaderData;
  return pageMeta(siteOrigin(matches), {
    title: `Auto Repair in ${area.name}, MD`,
    description: `Trusted auto repair for ${area.name} drivers, ${area.distance} from our family-owned Pikesville shop (about ${area.driveTime} away). Oil changes, brakes, engine diagnostics and more, with upfront estimates.`,
    keywords: [
      `auto repair ${area.name} MD`,
      `car mechanic ${area.name}`,
      `oil change ${area.name}`,
      `brake repair ${area.name}`,
      ...area.zipCodes.slice(0, 2).map((zip) => `auto repair ${zip}`),
    ],
    canonicalPath: areaPath(area),
  });
};

export default function AreaDetail({ loaderData }: Route.ComponentProps) {
  const { area, previewServices } = loaderData;
  return (
    <>
      <PageHero
        breadcrumbs={[{ label: "Home", to: "/" }]}
        eyebrow={`Service area · ${area.county}`}
        title={`Auto Repair in ${area.name}, MD`}
        intro={area.description}
        actions={<CallOrScheduleActions />}
        aside={<AreaFacts area={area} />}
      />

      <Section
        id="neighborhood"
        eyebrow={`Serving ${area.name}`}
        title={`Your Neighborhood Auto Shop for ${area.name}`}
        intro={
          area.shuttle
            ? `Drop off your car and ride our free local shuttle home or to work in ${area.name}; we'll call you when it's ready.`
            : `Our shuttle doesn't run to ${area.name}, but many customers drop their car off on the way to work, and we'll call you with an estimate before any work begins.`
        }
      >
        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <h3 className="text-lg font-bold text-blue-950">Zip Codes We Serve</h3>
            <ul className="mt-4 flex flex-wrap gap-2">
              {area.zipCodes.map((zip) => (
                <li key={zip} className="rounded-full bg-blue-50 px-3 py-1 font-semibold text-blue-950 tabular-nums">
                  {zip}
                </li>
              ))}
            </ul>
          </Card>
          <Card>
            <h3 className="text-lg font-bold text-blue-950">Local Landmarks</h3>
            <IconList
              items={area.landmarks}
              icon={MapPinIcon}
              iconClassName="mt-0.5 size-5 shrink-0 text-red-700"
              className="mt-4 grid gap-2 text-slate-700"
            />
          </Card>
        </div>
      </Section>

      <Section
        id="services"
        tone="muted"
        eyebrow="Popular services"
        title={`Services for ${area.name} Drivers`}
        intro="A few of the jobs we do every day. Every one starts with an upfront estimate."
      >
        <ServicePreview services={previewServices} columns={3} className="gap-y-10" linkLabel="View All Services" />
      </Section>

      <Section id="other-areas" eyebrow="Nearby" title="Other Areas We Serve">
        <AreaLinks areas={areas.filter((other) => other.slug !== area.slug)} />
      </Section>

      <CallToAction tone="muted" title={`Need a Mechanic Near ${area.name}?`}>
        Call {shop.name} to book a time, or send us a message and we'll get back to you within {shop.replyWithinHours}{" "}
        hours.
      </CallToAction>
    </>
  );
}

function AreaFacts({ area }: { area: Area }) {
  return (
    <HeroFacts
      facts={[
        {
          icon: MapPinIcon,
          label: "Distance",
          value: area.distance,
          detail: `from our ${shop.address.locality} shop`,
          highlight: true,
        },
        { icon: ClockIcon, label: "Drive time", value: area.driveTime, detail: "on a typical day" },
        {
          icon: area.shuttle ? TruckIcon : CarIcon,
          label: "Shuttle service",
          value: area.shuttle ? "Available" : "Not available",
          detail: area.shuttle ? "Free local rides while we work" : "Drop-off and pickup only",
        },
      ]}
    />
  );
}
