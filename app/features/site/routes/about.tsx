import type { Route } from "./+types/about";
import { facilities, team, values } from "~/content/about";
import { shopTexts } from "~/features/catalog/catalog.server";
import { shop } from "~/content/shop";
import { CallToAction } from "~/features/site/sections/call-to-action";
import { PageHero } from "~/features/site/sections/page-hero";
import { StatList } from "~/features/site/sections/stat-list";
import { ButtonLink, CallButton } from "~/ui/button";
import { Card, CardGrid, IconCardGrid } from "~/ui/card";
import { Section, SectionHeading } from "~/ui/section";
import { publicPage, type RouteHandle } from "~/route-handle";
import { pageMeta, siteOrigin } from "~/seo/meta";

// The same page for every visitor: the Worker may serve it from the page cache.
export const handle: RouteHandle = { pageCache: publicPage };

export async function loader({ context }: Route.LoaderArgs) {
  // The story as the owners keep it (app/features/catalog/); the page cache keeps it at most a minute.
  return { story: (await shopTexts(context)).aboutStory };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOrigin(matches), {
    title: "About Our Family Shop",
    description: `Meet the family behind ${shop.name}: serving Pikesville and Baltimore County since ${shop.foundedYear} with ${shop.stats.technicians} technicians, ${shop.stats.bays} service bays and honest, upfront repairs.`,
    canonicalPath: "/about",
  });

export default function About({ loaderData }: Route.ComponentProps) {
  const { story } = loaderData;
  return (
    <>
      <PageHero
        eyebrow={`Since ${shop.foundedYear}`}
        title="About Our Family Shop"
        intro={`For ${shop.stats.years} years, ${shop.name} has kept Pikesville moving with honest advice, careful work and the kind of service you only get from a family business.`}
        actions={
          <>
            <CallButton size="lg" label="Call" showNumber />
            <ButtonLink href="/services" variant="outlineLight" size="lg">
              Our Services
            </ButtonLink>
          </>
        }
      />

      <section aria-labelledby="story-heading" className="py-16 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <div>
            <SectionHeading id="story-heading" eyebrow="Our story" title="Three Decades of Honest Work" align="start" />
            <div className="mt-6 grid gap-5 text-lg leading-relaxed text-slate-700">
              {story.map((paragraph) => (
                <p key={paragraph.slice(0, 24)}>{paragraph}</p>
              ))}
            </div>
          </div>
          <Card tone="muted" className="text-center">
            <p className="text-sm font-semibold tracking-wide text-red-700 uppercase">Established</p>
            <p className="mt-1 text-6xl font-bold tracking-tight text-blue-950">{shop.foundedYear}</p>
            <p className="mt-3 leading-relaxed text-slate-700">
              Family owned and operated in {shop.location}, now in its second generation.
            </p>
          </Card>
        </div>
      </section>

      <Section id="by-the-numbers" tone="muted" eyebrow="By the numbers" title="A Busy Shop With Room for Your Car">
        <StatList
          stats={[
            { value: shop.stats.technicians, label: "Expert Technicians" },
            { value: shop.stats.bays, label: "Service Bays" },
            { value: shop.stats.years, label: "Years in Business" },
            { value: shop.stats.vehiclesPerYear, label: "Vehicles Serviced a Year" },
          ]}
        />
      </Section>

      <Section id="values" eyebrow="What we stand for" title="Our Values">
        <IconCardGrid columns={4} items={values} />
      </Section>

      <Section
        id="team"
        tone="muted"
        eyebrow="Our team"
        title="The People Behind the Work"
        intro={`A family at the front counter and ${shop.stats.technicians} skilled technicians in the bays.`}
      >
        <CardGrid columns={4}>
          {team.map((member) => (
            <li key={member.name}>
              <Card className="h-full">
                <span
                  aria-hidden="true"
                  className="grid size-16 place-items-center rounded-full bg-blue-950 text-xl font-bold text-white"
                >
                  {initials(member.name)}
                </span>
                <h3 className="mt-4 text-lg font-bold text-blue-950">{member.name}</h3>
                <p className="text-sm font-semibold text-red-700">{member.role}</p>
                <p className="mt-3 leading-relaxed text-slate-700">{member.bio}</p>
              </Card>
            </li>
          ))}
        </CardGrid>
      </Section>

      <Section id="facilities" eyebrow="Our shop" title="Our Facilities">
        <IconCardGrid columns={4} items={facilities} />
      </Section>

      <CallToAction tone="muted" title="Experience the Family Difference">
        Call us or send a message, and see why Pikesville families have trusted us with their cars since{" "}
        {shop.foundedYear}.
      </CallToAction>
    </>
  );
}

function initials(name: string): string {
  return name
    .split(" ")
    .map((part) => part[0])
    .join("")
    .slice(0, 2);
}
