import type { Route } from "./+types/services";
import { areaPath, areas, servedTowns } from "~/content/areas";
import { additionalServices, formatPrice } from "~/content/services";
import { visibleServices } from "~/features/catalog/catalog.server";
import { shop } from "~/content/shop";
import { CallToAction } from "~/features/site/sections/call-to-action";
import { CallOrScheduleActions, PageHero } from "~/features/site/sections/page-hero";
import { ReasonsToChoose } from "~/features/site/sections/reasons-to-choose";
import { ServiceCard } from "~/features/site/sections/service-card";
import { CardGrid } from "~/ui/card";
import { CheckIcon, MapPinIcon } from "~/ui/icons";
import { Section } from "~/ui/section";
import { publicPage, type RouteHandle } from "~/route-handle";
import { pageMeta, siteOrigin } from "~/seo/meta";

// The same page for every visitor: the Worker may serve it from the page cache.
export const handle: RouteHandle = { pageCache: publicPage };

export async function loader({ context }: Route.LoaderArgs) {
  return { services: await visibleServices(context) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const services = loaderData?.services ?? [];
  const oilChange = services.find((service) => service.popular);
  return pageMeta(siteOrigin(matches), {
    title: "Auto Repair Services in Pikesville, MD",
    description: `Oil changes${oilChange?.price ? ` from ${formatPrice(oilChange.price.fromCents)}` : ""}, brake repair, engine and electrical diagnostics, transmission service and more at our family-owned Pikesville shop. Upfront estimates on every job.`,
    keywords: [...services.flatMap((service) => service.keywords.slice(0, 1)), "auto repair services Pikesville"],
    canonicalPath: "/services",
  });
};

export default function Services({ loaderData }: Route.ComponentProps) {
  const { services } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Our services"
        title="Complete Auto Repair Services"
        intro={`From a quick oil change to a transmission repair, our ${shop.stats.technicians} technicians handle all makes and models in ${shop.stats.bays} service bays, with an upfront estimate before any work begins.`}
        actions={<CallOrScheduleActions />}
      />

      <Section
        id="main-services"
        eyebrow="Main services"
        title="What We Can Do for Your Car"
        intro="Clear starting prices and honest time estimates. If we find anything else, we call you before doing it."
      >
        <CardGrid columns={3} className="gap-y-10">
          {services.map((service) => (
            <li key={service.slug}>
              <ServiceCard service={service} features={service.features} />
            </li>
          ))}
        </CardGrid>
      </Section>

      <Section
        id="additional-services"
        tone="muted"
        eyebrow="And more"
        title="Additional Services"
        intro="Everything else your car needs to stay safe, comfortable and road-ready."
      >
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {additionalServices.map((name) => (
            <li
              key={name}
              className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 font-medium text-blue-950 shadow-sm"
            >
              <CheckIcon className="size-5 shrink-0 text-green-700" />
              {name}
            </li>
          ))}
        </ul>
      </Section>

      <ReasonsToChoose tone="white" />

      <Section
        id="service-areas"
        tone="muted"
        eyebrow="Service areas"
        title="Proudly Serving Baltimore County"
        intro="Drivers from across the area bring their cars to our Pikesville shop, including:"
      >
        <ul className="flex flex-wrap justify-center gap-3">
          {servedTowns.map((town) => (
            <li key={town}>
              <ServedTown town={town} />
            </li>
          ))}
        </ul>
      </Section>

      <CallToAction title="Ready to Schedule Your Service?">
        Call us to book a time, or send us a message and we'll get back to you within {shop.replyWithinHours} hours.
      </CallToAction>
    </>
  );
}

/** A served town, linked to its area page when it has one. */
function ServedTown({ town }: { town: string }) {
  const area = areas.find((candidate) => candidate.name === town);
  const content = (
    <>
      <MapPinIcon className="size-4 text-red-700" />
      {town}
    </>
  );
  const classes =
    "inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-4 py-2 font-medium text-blue-950 shadow-sm";
  return area ? (
    <a href={areaPath(area)} className={`${classes} hover:border-blue-300 hover:bg-blue-50`}>
      {content}
    </a>
  ) : (
    <span className={classes}>{content}</span>
  );
}
