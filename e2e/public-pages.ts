import { areaPath, areas } from "../app/content/areas";
import { servicePath, services } from "../app/content/services";

export type PublicPage = { path: string; h1: string };

/**
 * Every canonical public page, generated from the content modules: a new service or
 * area is visited by every browser test without touching the tests.
 */
export const publicPages: readonly PublicPage[] = [
  { path: "/", h1: "Trusted Auto Repair in Pikesville, Maryland" },
  { path: "/services", h1: "Complete Auto Repair Services" },
  { path: "/about", h1: "About Our Family Shop" },
  { path: "/contact", h1: "Get in Touch With Our Shop" },
  ...services.map((service) => ({ path: servicePath(service), h1: service.name })),
  ...areas.map((area) => ({ path: areaPath(area), h1: `Auto Repair in ${area.name}, MD` })),
];

/** The short area aliases (/areas/pikesville) with the page each one stands for. */
export const areaAliases = areas.flatMap((area) =>
  area.shortSlug ? [{ path: `/areas/${area.shortSlug}`, area, canonicalPath: areaPath(area) }] : [],
);

/** Pages that hold a form and therefore load JavaScript; every other public page ships none. */
export const hydratedPaths: readonly string[] = ["/", "/contact"];
