import { notFoundData } from "~/http/outcome.server";
import type { Route } from "./+types/service-detail";
import { formatPrice, requestServicePath, servicePath, warranty, type Service } from "~/content/services";
import { visibleServices } from "~/features/catalog/catalog.server";
import { shop } from "~/content/shop";
import { JsonLd } from "~/ui/json-ld";
import { CallToAction } from "~/features/site/sections/call-to-action";
import { HeroFacts, type HeroFact } from "~/features/site/sections/hero-facts";
import { OtherServices } from "~/features/site/sections/other-services";
import { CallOrScheduleActions, PageHero } from "~/features/site/sections/page-hero";
import { ProcessSteps } from "~/features/site/sections/process-steps";
import { ReasonsToChoose } from "~/features/site/sections/reasons-to-choose";
import { ServicePhotos } from "~/features/site/sections/service-photos";
import { Card, IconBadge } from "~/ui/card";
import { CheckList } from "~/ui/check-list";
import { ClockIcon, DollarIcon, ShieldIcon } from "~/ui/icons";
import { serviceJsonLd } from "~/seo/json-ld";
import { publicPage, type RouteHandle } from "~/route-handle";
import { pageMeta, siteOrigin, useSiteOrigin } from "~/seo/meta";

// The same page for every visitor: the Worker may serve it from the page cache.
export const handle: RouteHandle = { pageCache: publicPage };

export async function loader({ params, context }: Route.LoaderArgs) {
  // A hidden service has no page.
  const services = await visibleServices(context);
  const service = services.find((candidate) => candidate.slug === params.slug);
  if (!service) throw notFoundData();
  return { service, services };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { service } = loaderData;
  return pageMeta(siteOrigin(matches), {
    title: `${service.name} in Pikesville, MD`,
    description: service.description,
    keywords: service.keywords,
    canonicalPath: servicePath(service),
  });
};

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const { service, services } = loaderData;
  const origin = useSiteOrigin();
  return (
    <>
      <PageHero
        breadcrumbs={[
          { label: "Home", to: "/" },
          { label: "Services", to: "/services" },
        ]}
        title={service.name}
        intro={service.description}
        actions={<CallOrScheduleActions scheduleTo={requestServicePath(service)} />}
        aside={<ServiceSummary service={service} />}
      />

      {/* Warranty first on phones, where it reads before the details; beside the content on wide screens. */}
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:py-20 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]">
        <section aria-labelledby="warranty-heading" className="lg:col-start-2 lg:row-start-1">
          <Card tone="success">
            <IconBadge icon={ShieldIcon} tone="greenOnTint" />
            <h2 id="warranty-heading" className="mt-4 text-lg font-bold text-blue-950">
              {warranty.title}
            </h2>
            <p className="mt-2 leading-relaxed text-slate-700">{warranty.description}</p>
          </Card>
        </section>

        <div className="grid content-start gap-12 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <section aria-labelledby="about-service-heading">
            <h2 id="about-service-heading" className="text-3xl font-bold tracking-tight text-blue-950">
              About This Service
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">{service.longDescription}</p>
          </section>

          <ServicePhotos photos={service.photos} serviceName={service.name} />

          <div className="grid gap-10 md:grid-cols-2">
            <section aria-labelledby="included-heading">
              <h2 id="included-heading" className="text-2xl font-bold text-blue-950">
                What's Included
              </h2>
              <CheckList items={service.features} className="mt-5 text-slate-700" />
            </section>
            <section aria-labelledby="benefits-heading">
              <h2 id="benefits-heading" className="text-2xl font-bold text-blue-950">
                Benefits
              </h2>
              <CheckList items={service.benefits} className="mt-5 text-slate-700" />
            </section>
          </div>

          <section aria-labelledby="process-heading">
            <h2 id="process-heading" className="mb-6 text-2xl font-bold text-blue-950">
              Our Process
            </h2>
            <ProcessSteps steps={service.process} />
          </section>
        </div>

        <OtherServices current={service} services={services} className="lg:col-start-2 lg:row-start-2" />
      </div>

      <ReasonsToChoose />

      <CallToAction
        title={`Book Your ${service.shortName} Today`}
        write={{ to: requestServicePath(service), label: "Request Online" }}
      >
        Call us to schedule, or request it online and we'll get back to you within {shop.replyWithinHours} hours with a
        time that works for you.
      </CallToAction>
      <JsonLd data={serviceJsonLd(origin, service)} />
    </>
  );
}

/** Service time and, when the service has one, its starting price. */
function ServiceSummary({ service }: { service: Service }) {
  const facts: HeroFact[] = [{ icon: ClockIcon, label: "Service time", value: service.timeEstimate }];
  if (service.price) {
    facts.push({
      icon: DollarIcon,
      label: "Starting at",
      value: formatPrice(service.price.fromCents),
      detail: service.price.note,
      highlight: true,
    });
  }
  return <HeroFacts facts={facts} />;
}
