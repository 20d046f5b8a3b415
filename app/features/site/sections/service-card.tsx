import { formatPrice, servicePath, type ServiceTeaser } from "~/content/services";
import { ButtonLink } from "~/ui/button";
import { CardGrid, IconBadge } from "~/ui/card";
import { CheckList } from "~/ui/check-list";
import { ArrowRightIcon, iconsByName } from "~/ui/icons";

/** A main service in brief: what it is, its starting price and time, and a link to its page. */
export function ServiceCard({ service, features }: { service: ServiceTeaser; features?: readonly string[] }) {
  return (
    <article
      className={`relative flex h-full flex-col rounded-xl border bg-white p-6 shadow-sm ${
        service.popular ? "border-red-700 ring-1 ring-red-700" : "border-slate-200"
      }`}
    >
      {service.popular ? (
        <p className="absolute -top-3 left-6 rounded-full bg-red-700 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
          Most Popular
        </p>
      ) : null}
      <IconBadge icon={iconsByName[service.icon]} tone={service.popular ? "red" : "blue"} />
      <h3 className="mt-4 text-xl font-bold text-blue-950">{service.name}</h3>
      <p className="mt-2 leading-relaxed text-slate-700">{service.description}</p>
      <ServiceFacts service={service} className="mt-5" />
      {features ? <CheckList items={features} className="mt-5 text-sm text-slate-700" /> : null}
      <a
        href={servicePath(service)}
        className="mt-auto inline-flex items-center gap-1 self-start rounded pt-6 font-semibold text-red-700 underline-offset-4 hover:underline"
      >
        Learn more<span className="sr-only"> about {service.name}</span>
        <ArrowRightIcon className="size-4" />
      </a>
    </article>
  );
}

/** Starting price (when the service has one) and time estimate. */
export function ServiceFacts({ service, className = "" }: { service: ServiceTeaser; className?: string }) {
  return (
    <dl
      className={`grid grid-cols-[repeat(auto-fit,minmax(8rem,1fr))] gap-3 rounded-lg bg-slate-50 p-4 text-sm ${className}`}
    >
      {service.price ? (
        <div>
          <dt className="text-slate-600">Starting at</dt>
          <dd className="text-lg font-bold text-blue-950">{formatPrice(service.price.fromCents)}</dd>
          <dd className="text-slate-600">{service.price.note}</dd>
        </div>
      ) : null}
      <div>
        <dt className="text-slate-600">Service time</dt>
        <dd className="text-lg font-bold text-blue-950">{service.timeEstimate}</dd>
      </div>
    </dl>
  );
}

/** A few service cards and a link to the full list: the home page's teasers, the area pages' preview. */
export function ServicePreview({
  services,
  columns,
  linkLabel,
  className,
}: {
  services: readonly ServiceTeaser[];
  columns: 3 | 4;
  linkLabel: string;
  className?: string;
}) {
  return (
    <>
      <CardGrid columns={columns} className={className}>
        {services.map((service) => (
          <li key={service.slug}>
            <ServiceCard service={service} />
          </li>
        ))}
      </CardGrid>
      <div className="mt-10 text-center">
        <ButtonLink href="/services" variant="dark" size="lg">
          {linkLabel}
          <ArrowRightIcon className="size-4" />
        </ButtonLink>
      </div>
    </>
  );
}
