import { createContext, type RouterContextProvider } from "react-router";
import {
  byPosition,
  requestChoicesOf,
  type Service,
  type ServiceNames,
  serviceNamesOf,
  shippedServices,
} from "~/content/services";
import { type ShopTexts, shippedShopTexts } from "~/content/shop-texts";
import type { AppEnv } from "~/http/env.server";
import { readCatalog } from "./server/catalog-store.server";
import { readShopTexts } from "./server/text-store.server";

// The shop's services, kept by the owners in D1 (docs/decisions/059-the-catalog-in-d1.md): the one
// door every public page, the request form and its validation read them through. Read at most
// once per request, on first use (a page served from the page cache reads nothing); the page cache
// keeps no rendering longer than 60 s (decision 034), so a change is on every page within a minute.

/** One reading of the catalog per request, made on first use. */
export const catalogContext = createContext<CatalogReader>();

export type CatalogReader = {
  (): Promise<readonly Service[]>;
  /** The shop's other texts (home headline and introduction, about story), read on first use, once. */
  texts: () => Promise<ShopTexts>;
  /** Whether this request read the catalog and D1 failed (its pages show the shipped one: not to be cached). */
  failed: () => boolean;
};

/**
 * Reads the catalog on first use, once. When D1 fails, the pages show the catalog as shipped rather
 * than an error, logged, and the page cache keeps no such page (catalogChangesAt).
 */
export function catalogReaderFor(env: Pick<AppEnv, "DB">): CatalogReader {
  let reading: Promise<readonly Service[]> | undefined;
  let readingTexts: Promise<ShopTexts> | undefined;
  let failed = false;
  const read = () =>
    (reading ??= readCatalog(env).catch((error: unknown) => {
      console.error("Catalog: D1 could not be read; showing the services as shipped", error);
      failed = true;
      return shippedServices;
    }));
  const texts = () =>
    (readingTexts ??= readShopTexts(env).then(
      (stored) => stored.texts,
      (error: unknown) => {
        console.error("Catalog: D1 could not be read; showing the shop's texts as shipped", error);
        failed = true;
        return shippedShopTexts;
      },
    ));
  return Object.assign(read, { texts, failed: () => failed });
}

/** Every service, hidden ones included (a stored request keeps its service's name), in the catalog's order. */
export function getCatalog(context: Readonly<RouterContextProvider>): Promise<readonly Service[]> {
  return context.get(catalogContext)();
}

/** The services the site shows, in order. */
export async function visibleServices(context: Readonly<RouterContextProvider>): Promise<Service[]> {
  return byPosition((await getCatalog(context)).filter((service) => service.visible));
}

/** The request form's choices as of this request: the visible services and the other choices. */
export async function requestChoices(context: Readonly<RouterContextProvider>) {
  return requestChoicesOf(await getCatalog(context));
}

/** The values the request form takes as of this request (its server-side validation). */
export async function requestChoiceValues(context: Readonly<RouterContextProvider>): Promise<string[]> {
  return (await requestChoices(context)).map((choice) => choice.value);
}

/** The home page's headline and introduction and the about page's story, as of this request. */
export function shopTexts(context: Readonly<RouterContextProvider>): Promise<ShopTexts> {
  return context.get(catalogContext).texts();
}

/** Each stored request value's words as of this request (the inbox's pages, the reply templates). */
export async function serviceNames(context: Readonly<RouterContextProvider>): Promise<ServiceNames> {
  return serviceNamesOf(await getCatalog(context));
}

/** The same outside a request (the shop's emails, the CSV): read now, the shipped names if D1 fails. */
export function readServiceNames(env: Pick<AppEnv, "DB">): Promise<ServiceNames> {
  return catalogReaderFor(env)().then(serviceNamesOf);
}

/** When a page made now would read differently with nothing saved: now, if its catalog was the shipped fallback. */
export function catalogChangesAt(reader: CatalogReader, now: Date): Date | undefined {
  return reader.failed() ? now : undefined;
}

export { deleteServicePhoto, photoResponse, postServicePhoto } from "./server/photo-endpoints.server";
export {
  putShopTexts,
  restoreShopTexts,
  shopTextsResponse,
  textVersionsResponse,
} from "./server/text-endpoints.server";

export {
  catalogServiceResponse,
  catalogResponse,
  postCatalogService,
  putCatalogService,
  restoreCatalogVersion,
  versionsResponse,
} from "./server/catalog-endpoints.server";
