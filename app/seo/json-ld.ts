import { areas } from "~/content/areas";
import { formatPrice, servicePath, type Service } from "~/content/services";
import { shop } from "~/content/shop";
import { twentyFourHour, WEEKDAY_SCHEMA_NAMES } from "~/hours/opening-hours";
import type { ShopHours } from "~/hours/shop-hours";
import { SOCIAL_IMAGE } from "./meta";

// schema.org structured data for search engines, built from the content modules.

export type JsonLdObject = { "@context": "https://schema.org"; "@type": string; [key: string]: unknown };

const businessId = (origin: string) => `${origin}/#business`;

/**
 * The closures and special hours ahead as schema.org special opening hours, which override the
 * weekly ones on their date. Closed all day is written as opening and closing at 00:00, the form
 * Google's local-business documentation asks for (schema.org itself reads a specification
 * without `opens` as closed).
 */
function specialOpeningHours(shopHours: Pick<ShopHours, "closures" | "specialHours">) {
  const closed = shopHours.closures.map((closure) => ({
    date: closure.date,
    name: closure.reason,
    opens: "00:00",
    closes: "00:00",
  }));
  const special = shopHours.specialHours.map((entry) => ({
    date: entry.date,
    name: entry.reason,
    opens: twentyFourHour(entry.opens),
    closes: twentyFourHour(entry.closes),
  }));
  return [...closed, ...special]
    .toSorted((a, b) => a.date.localeCompare(b.date))
    .map(({ date, name, opens, closes }) => ({
      "@type": "OpeningHoursSpecification",
      name,
      opens,
      closes,
      validFrom: date,
      validThrough: date,
    }));
}

/**
 * The shop as a schema.org AutoRepair with its weekly hours and the closures and special hours
 * ahead (the root loader's ShopHours; none under an error page without it).
 */
export function autoRepairJsonLd(origin: string, shopHours: ShopHours | undefined): JsonLdObject {
  const special = shopHours ? specialOpeningHours(shopHours) : [];
  return {
    "@context": "https://schema.org",
    "@type": "AutoRepair",
    "@id": businessId(origin),
    name: shop.name,
    description: shop.description,
    url: `${origin}/`,
    image: `${origin}${SOCIAL_IMAGE.path}`,
    telephone: shop.phone.e164,
    address: {
      "@type": "PostalAddress",
      addressLocality: shop.address.locality,
      addressRegion: shop.address.regionCode,
      addressCountry: shop.address.country,
    },
    ...(shopHours
      ? {
          openingHoursSpecification: shopHours.weekly.flatMap((row) =>
            row.times
              ? [
                  {
                    "@type": "OpeningHoursSpecification",
                    dayOfWeek: row.weekdays.map((day) => WEEKDAY_SCHEMA_NAMES[day]),
                    ...row.times,
                  },
                ]
              : [],
          ),
        }
      : {}),
    ...(special.length ? { specialOpeningHoursSpecification: special } : {}),
    areaServed: areas.map((area) => ({ "@type": "Place", name: `${area.name}, ${shop.address.regionCode}` })),
    foundingDate: String(shop.foundedYear),
  };
}

export function serviceJsonLd(origin: string, service: Service): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.name,
    serviceType: service.name,
    description: service.longDescription,
    url: `${origin}${servicePath(service)}`,
    provider: {
      "@type": "AutoRepair",
      "@id": businessId(origin),
      name: shop.name,
      telephone: shop.phone.e164,
    },
    areaServed: areas.map((area) => ({ "@type": "Place", name: `${area.name}, ${shop.address.regionCode}` })),
    ...(service.price
      ? {
          offers: {
            "@type": "Offer",
            // schema.org's price: digits and a dot, no currency sign or thousands separator.
            price: (service.price.fromCents / 100).toFixed(2),
            priceCurrency: "USD",
            description: `Starting at ${formatPrice(service.price.fromCents)}, ${service.price.note}`,
          },
        }
      : {}),
  };
}

/**
 * JSON for a <script type="application/ld+json"> element. "<" is escaped so that a
 * "</script>" inside any string cannot close the element early; U+2028/9 for old parsers.
 */
export function serializeJsonLd(data: JsonLdObject): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
