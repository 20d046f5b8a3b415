import type { Route } from "./+types/home";
import { benefits, testimonials } from "~/content/about";
import { isServiceRequestValue, services, type ServiceSlug } from "~/content/services";
import { shop } from "~/content/shop";
import { openingHours } from "~/hours/opening-hours";
import { ServiceRequestForm } from "~/components/forms/page-forms";
import { JsonLd } from "~/components/json-ld";
import { EmergencyBanner } from "~/components/sections/emergency-banner";
import { heroPanelClasses } from "~/components/sections/hero-facts";
import { PageHero } from "~/components/sections/page-hero";
import { ServicePreview } from "~/components/sections/service-card";
import { StatList } from "~/components/sections/stat-list";
import { TestimonialCard } from "~/components/sections/testimonial-card";
import { ButtonLink, CallButton } from "~/components/ui/button";
import { Card, CardGrid, IconCard } from "~/components/ui/card";
import { ClipboardIcon, ClockIcon, iconsByName, MapPinIcon } from "~/components/ui/icons";
import { Section } from "~/components/ui/section";
import { StaticMarkup } from "~/components/static-markup";
import { useShopHours } from "~/components/use-shop-hours";
import { hydrated } from "~/route-handle";
import { autoRepairJsonLd } from "~/seo/json-ld";
import { pageMeta, siteOrigin, useSiteOrigin } from "~/seo/meta";
import { handleSubmissionForm, submissionFormData } from "~/server/submission-action.server";

// The home page holds the service-request form, so it loads JavaScript.
export const handle = hydrated;

/** The brief's four teasers: oil changes, brake service, engine repair, transmission. */
const teaserSlugs: readonly ServiceSlug[] = [
  "oil-change",
  "brake-repair",
  "engine-diagnostics",
  "transmission-service",
];

export function loader({ request, context }: Route.LoaderArgs) {
  // A service page's "Schedule" link names its service (/?service=brake-service#request-service);
  // an unknown value is ignored. The page cache never stores a URL with a query string.
  const service = new URL(request.url).searchParams.get("service");
  return {
    ...submissionFormData("serviceRequest", context),
    defaultValue: isServiceRequestValue(service) ? { service } : undefined,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSubmissionForm("serviceRequest", request, context, { redirectTo: "/#request-service" });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOrigin(matches), {
    // Brand first on the home page; "Auto Repair in Pikesville, MD" is the Pikesville area page's title.
    title: `${shop.name} | Trusted Auto Repair in Pikesville, MD`,
    description: `Family-owned auto repair in Pikesville, Maryland since ${shop.foundedYear}: oil changes, brakes, engine diagnostics, batteries and transmissions. Upfront estimates, ${shop.stats.bays} service bays. Call ${shop.phone.display}.`,
    canonicalPath: "/",
  });

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <StaticMarkup id="home-introduction">{import.meta.env.SSR && <HomeIntroduction />}</StaticMarkup>
      <Section
        id="request-service"
        tone="muted"
        eyebrow={`Book online ${shop.onlineRequests}`}
        title="Request Automotive Service"
        intro={`Fill out the form below and we'll contact you within ${shop.replyWithinHours} hours to schedule an appointment.`}
      >
        <Card className="mx-auto max-w-3xl sm:p-8">
          <ServiceRequestForm key={loaderData.submissionId} {...loaderData} lastResult={actionData?.result} />
        </Card>
      </Section>
      <StaticMarkup id="home-closing">{import.meta.env.SSR && <HomeClosing />}</StaticMarkup>
    </>
  );
}

// Everything on the page but the form: rendered on the server only (see StaticMarkup).
function HomeIntroduction() {
  const teasers = services.filter((service) => teaserSlugs.includes(service.slug));
  return (
    <>
      <PageHero
        eyebrow={`Family owned in ${shop.location} since ${shop.foundedYear}`}
        title="Trusted Auto Repair in Pikesville, Maryland"
        intro="Honest diagnostics, fair prices and repairs done right the first time. Our family has looked after our neighbors' cars for more than three decades, and we'd be glad to look after yours."
        actions={
          <>
            <CallButton size="lg" label="Call" showNumber />
            <ButtonLink to="/services" variant="outlineLight" size="lg">
              View Our Services
            </ButtonLink>
          </>
        }
        aside={<VisitCard />}
      >
        <StatList
          tone="onDark"
          className="mt-10"
          stats={[
            { value: shop.stats.years, label: "Years of Service" },
            { value: shop.stats.bays, label: "Service Bays" },
            { value: shop.stats.familyOwned, label: "Family Owned" },
          ]}
        />
      </PageHero>

      <Section
        id="services"
        eyebrow="What we do"
        title="Our Auto Repair Services"
        intro="From routine maintenance to complex repairs, every job gets an upfront estimate and the same careful work."
      >
        <ServicePreview services={teasers} columns={4} linkLabel="See All Services" />
      </Section>

      <Section
        id="why-choose-us"
        tone="muted"
        eyebrow="Why choose us"
        title="The Kind of Shop You Tell Your Neighbors About"
      >
        <CardGrid columns={3}>
          {benefits.map((benefit) => (
            <li key={benefit.title}>
              <IconCard icon={iconsByName[benefit.icon]} title={benefit.title}>
                {benefit.description}
              </IconCard>
            </li>
          ))}
        </CardGrid>
      </Section>

      <Section id="testimonials" eyebrow="Testimonials" title="What Our Customers Say">
        <CardGrid columns={3}>
          {testimonials.map((testimonial) => (
            <li key={testimonial.name}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </CardGrid>
      </Section>
    </>
  );
}

function HomeClosing() {
  const origin = useSiteOrigin();
  const closures = useShopHours()?.closures ?? [];
  return (
    <>
      <EmergencyBanner />
      <JsonLd data={autoRepairJsonLd(origin, closures)} />
    </>
  );
}

function VisitCard() {
  return (
    <div className={heroPanelClasses}>
      <h2 className="text-lg font-bold text-blue-950">Visit Our Shop</h2>
      <ul className="mt-4 grid gap-4 text-sm">
        <li className="flex gap-3">
          <MapPinIcon className="mt-0.5 size-5 shrink-0 text-red-700" />
          <span>{shop.location}</span>
        </li>
        <li className="flex gap-3">
          <ClockIcon className="mt-0.5 size-5 shrink-0 text-red-700" />
          <span>
            {openingHours.map((row) => (
              <span key={row.days} className="block">
                <span className="font-semibold text-blue-950">{row.days}:</span> {row.hours}
              </span>
            ))}
          </span>
        </li>
        <li className="flex gap-3">
          <ClipboardIcon className="mt-0.5 size-5 shrink-0 text-red-700" />
          <span>
            <a href="#request-service" className="font-semibold text-red-700 underline underline-offset-4">
              Request service online
            </a>{" "}
            any time: we reply within {shop.replyWithinHours} hours.
          </span>
        </li>
      </ul>
    </div>
  );
}
