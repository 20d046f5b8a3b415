import { areaPath, areas } from "~/content/areas";
import { useRouteLoaderData } from "react-router";
import { servicePath, shippedServices } from "~/content/services";
import { useOpeningHours, useShopHours } from "~/hours/use-shop-hours";
import { shop } from "~/content/shop";
import { CallButton } from "~/ui/button";
import { ClockIcon, MapPinIcon } from "~/ui/icons";

const linkClasses =
  "rounded text-slate-300 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white";

export function SiteFooter() {
  // The request's year, not the server's clock: tests pin it, and a cached page ends at the shop's midnight.
  const year = useShopHours()?.year;
  const openingHours = useOpeningHours();
  return (
    <footer className="bg-blue-950 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-lg font-bold text-white">
            {shop.name}
          </h2>
          <p className="mt-3 text-sm leading-relaxed text-slate-300">{shop.description}</p>
          <CallButton className="mt-5" label="Call Now" showNumber />
        </section>

        <section aria-labelledby="footer-visit">
          <h2 id="footer-visit" className="text-lg font-bold text-white">
            Visit Us
          </h2>
          <p className="mt-3 flex items-center gap-2 text-sm">
            <MapPinIcon className="size-4 shrink-0" />
            {shop.location}
          </p>
          <div className="mt-3 flex gap-2 text-sm">
            <ClockIcon className="mt-0.5 size-4 shrink-0" />
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {openingHours.map((row) => (
                <div key={row.days} className="contents">
                  <dt className="font-medium text-white">{row.days}</dt>
                  <dd>{row.hours}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <FooterLinks
          id="footer-services"
          title="Services"
          listClassName="mt-3 grid gap-2 text-sm"
          links={useServiceLinks()}
        />
        <FooterLinks
          id="footer-areas"
          title="Service Areas"
          listClassName="mt-3 grid grid-cols-2 gap-2 text-sm lg:grid-cols-1"
          links={areas.map((area) => ({ href: areaPath(area), label: area.name }))}
        />
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-slate-300">
          © {year} {shop.name}. Family owned and operated in {shop.location} since {shop.foundedYear}.
        </p>
      </div>
    </footer>
  );
}

/** A footer column of links under its heading (the site's services, its areas). */
function FooterLinks({
  id,
  title,
  listClassName,
  links,
}: {
  id: string;
  title: string;
  listClassName: string;
  links: { href: string; label: string }[];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold text-white">
        {title}
      </h2>
      <ul className={listClassName}>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className={linkClasses}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export type ServiceLink = { href: string; label: string };

const shippedLinks: ServiceLink[] = shippedServices.map((service) => ({
  href: servicePath(service),
  label: service.shortName,
}));

/**
 * The visible services' links, as the root loader read them from the owners' catalog (typed by
 * shape, not through app/root.tsx: no import cycle); the shipped ones under an error page without it.
 */
function useServiceLinks(): ServiceLink[] {
  return useRouteLoaderData<{ serviceLinks?: ServiceLink[] }>("root")?.serviceLinks ?? shippedLinks;
}
