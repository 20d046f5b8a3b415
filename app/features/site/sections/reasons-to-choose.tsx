import { serviceReasons } from "~/content/services";
import { shop } from "~/content/shop";
import { CardGrid, IconCard } from "~/ui/card";
import { iconsByName } from "~/ui/icons";
import { Section } from "~/ui/section";

/** The shared "why choose us" cards of the services, service and area pages. */
export function ReasonsToChoose({ tone = "muted" }: { tone?: "white" | "muted" }) {
  return (
    <Section id="why-choose-us" tone={tone} eyebrow="Why choose us" title={`Why Drivers Choose ${shop.name}`}>
      <CardGrid columns={4}>
        {serviceReasons.map((reason) => (
          <li key={reason.title}>
            <IconCard icon={iconsByName[reason.icon]} title={reason.title}>
              {reason.description}
            </IconCard>
          </li>
        ))}
      </CardGrid>
    </Section>
  );
}
