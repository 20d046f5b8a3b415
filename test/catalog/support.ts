import { expect } from "vitest";
import type { CatalogService, CatalogServiceInput } from "~/features/catalog/catalog";
import { ORIGIN } from "../support/http";
import { staffApi } from "../support/staff";

// What the catalog's tests share: a service read and changed through the owners' API, and a new
// service to add.

/** A service as the owners' API gives it now. */
export const serviceNow = async (owner: string, slug: string) =>
  (await staffApi(owner, `/api/settings/services/${slug}`)).json<CatalogService>();

/** Saves the service as it is now with `edit` over it, through the owners' API, and checks it was saved. */
export async function changeService(
  owner: string,
  slug: string,
  edit: Partial<CatalogService> | ((service: CatalogService) => Partial<CatalogService>),
) {
  const service = await serviceNow(owner, slug);
  const response = await staffApi(owner, `/api/settings/services/${slug}`, {
    method: "PUT",
    headers: { Origin: ORIGIN },
    body: JSON.stringify({ ...service, ...(typeof edit === "function" ? edit(service) : edit) }),
  });
  expect(response.status).toBe(200);
}

/** A service the owners add: a tire rotation, with `fields` over it. */
export const newService = (fields: Partial<CatalogServiceInput> & { slug: string }) => ({
  name: "Tire Rotation",
  shortName: "Tire Rotation",
  description: "Even tread wear and a longer life for your tires.",
  longDescription: "We move each tire to its next position and check pressures.",
  features: ["Rotation to the pattern your manufacturer gives"],
  benefits: ["Even wear"],
  process: [{ title: "Lift", description: "The car goes on the lift." }],
  price: { fromCents: 2995, note: "all four tires" } as CatalogServiceInput["price"],
  timeEstimate: "30 mins",
  bookableOnline: true,
  waiterOk: true,
  popular: false,
  visible: true,
  position: 7,
  photos: [],
  ...fields,
});
