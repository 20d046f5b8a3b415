import { benefits, testimonials } from "~/content/about";
import type { Service, ServiceTeaser } from "~/content/services";
import { shop } from "~/content/shop";
import { useOpeningHours, useShopHours } from "~/hours/use-shop-hours";
import { JsonLd } from "~/ui/json-ld";
import { EmergencyBanner } from "~/features/site/sections/emergency-banner";
import { heroPanelClasses } from "~/features/site/sections/hero-facts";
import { PageHero } from "~/features/site/sections/page-hero";
import { ServicePreview } from "~/features/site/sections/service-card";
import { StatList } from "~/features/site/sections/stat-list";
import { TestimonialCard } from "~/features/site/sections/testimonial-card";
import { ButtonLink, CallButton } from "~/ui/button";
import { CardGrid, IconCardGrid } from "~/ui/card";
import { ClipboardIcon, ClockIcon, MapPinIcon } from "~/ui/icons";
import { Section } from "~/ui/section";
import { autoRepairJsonLd } from "~/seo/json-ld";
import { useSiteOrigin } from "~/seo/meta";

// The home page around its form, rendered on the server only (StaticMarkup in app/features/site/routes/home.tsx;
// docs/decisions/008-static-markup.md). Nothing here may need JavaScript: ESLint checks.

/** The home page's four service teasers: oil changes, brake service, engine repair, transmission. */
const teaserSlugs: readonly string[] = ["oil-change", "brake-repair", "engine-diagnostics", "transmission-service"];

/** The teasers among the visible services, in the catalog's order. */
export function homeTeasers(visible: readonly Service[]): ServiceTeaser[] {
  return visible
    .filter((service) => teaserSlugs.includes(service.slug))
    .map(({ slug, name, description, price, timeEstimate, popular, icon }) => ({
      slug,
      name,
      description,
      price,
      timeEstimate,
      popular,
      icon,
    }));
}

export function HomeIntroduction({
  teasers,
  headline,
  introduction,
}: {
  teasers: readonly ServiceTeaser[];
  /** The owners' words (app/features/catalog/): the hero's title and the paragraph under it. */
  headline: string;
  introduction: string;
}) {
  return (
    <>
      <PageHero
        eyebrow={`Family owned in ${shop.location} since ${shop.foundedYear}`}
        title={headline}
        intro={introduction}
        actions={
          <>
            <CallButton size="lg" label="Call" showNumber />
            <ButtonLink href="/services" variant="outlineLight" size="lg">
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
        <IconCardGrid columns={3} items={benefits} />
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

export function HomeClosing() {
  const origin = useSiteOrigin();
  const shopHours = useShopHours();
  return (
    <>
      <EmergencyBanner />
      <JsonLd data={autoRepairJsonLd(origin, shopHours)} />
    </>
  );
}

function VisitCard() {
  const openingHours = useOpeningHours();
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
