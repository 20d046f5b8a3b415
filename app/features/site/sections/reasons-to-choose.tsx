import { serviceReasons } from "~/content/services";
import { shop } from "~/content/shop";
import { IconCardGrid } from "~/ui/card";
import { Section } from "~/ui/section";

/** The shared "why choose us" cards of the services, service and area pages. */
export function ReasonsToChoose({ tone = "muted" }: { tone?: "white" | "muted" }) {
  return (
    <Section id="why-choose-us" tone={tone} eyebrow="Why choose us" title={`Why Drivers Choose ${shop.name}`}>
      <IconCardGrid columns={4} items={serviceReasons} />
    </Section>
  );
}
