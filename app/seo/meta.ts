import { useRouteLoaderData, type MetaDescriptor } from "react-router";
import { defaultKeywords, shop } from "~/content/shop";

export type PageMeta = {
  title: string;
  description: string;
  keywords?: readonly string[];
  /** Open Graph type; "website" unless a page says otherwise. */
  type?: string;
  /** Path of the social-sharing image under public/. */
  image?: string;
  /** Path of this page's canonical URL; null for pages that have none (login, admin). */
  canonicalPath?: string | null;
};

export const SOCIAL_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;

type MatchWithRootData = { id: string; loaderData?: unknown } | undefined;

// The root loader's data is read by shape rather than typed through `typeof loader` from
// app/root.tsx, which imports this module: no import cycle between the two.
function originIn(rootData: unknown): string {
  return typeof rootData === "object" &&
    rootData !== null &&
    "origin" in rootData &&
    typeof rootData.origin === "string"
    ? rootData.origin
    : "";
}

/** The site's origin, as the root loader resolved it (configured SITE_URL or the request's). */
export function siteOrigin(matches: readonly MatchWithRootData[]): string {
  return originIn(matches.find((match) => match?.id === "root")?.loaderData);
}

function pageTitle(title: string): string {
  return title.includes(shop.name) ? title : `${title} | ${shop.name}`;
}

/**
 * The meta function of a page no search engine lists and no link shares (sign-in, the staff side):
 * its title and description, no canonical link, and `extra` tags.
 */
export function privatePageMeta(title: string, description: string, extra: MetaDescriptor[] = []) {
  return ({ matches }: { matches: readonly MatchWithRootData[] }): MetaDescriptor[] => [
    ...pageMeta(siteOrigin(matches), { title, description, canonicalPath: null }),
    ...extra,
  ];
}

/**
 * The meta function of a staff page about one record (a reply, an estimate, a message): private as
 * above, its title read from the loader's data, and the panel's own title when there is none (an error).
 */
export function privateRecordMeta<Data>(titleOf: (data: Data) => string, description: string) {
  return ({ matches, loaderData }: { matches: readonly MatchWithRootData[]; loaderData?: Data }): MetaDescriptor[] =>
    pageMeta(siteOrigin(matches), {
      title: loaderData ? titleOf(loaderData) : "Admin Panel",
      description,
      canonicalPath: null,
    });
}

/** Builds a page's title, description, keywords, Open Graph, Twitter card and canonical link. */
export function pageMeta(origin: string, page: PageMeta): MetaDescriptor[] {
  const title = pageTitle(page.title);
  const image = `${origin}${page.image ?? SOCIAL_IMAGE.path}`;
  const canonical = page.canonicalPath ? `${origin}${page.canonicalPath}` : null;
  return [
    { title },
    { name: "description", content: page.description },
    { name: "keywords", content: (page.keywords ?? defaultKeywords).join(", ") },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:image", content: image },
    { property: "og:site_name", content: shop.name },
    ...(canonical ? [{ property: "og:url", content: canonical }] : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    ...(canonical ? [{ tagName: "link", rel: "canonical", href: canonical }] : []),
  ];
}

/** The site's origin inside a component (for JSON-LD): the root loader's value. */
export function useSiteOrigin(): string {
  return originIn(useRouteLoaderData("root"));
}
