import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cspNonce } from "../support/http";
import { areaPath, areas } from "~/content/areas";
import { formatPrice, servicePath, shippedServices as services } from "~/content/services";
import { shop } from "~/content/shop";
import { serializeJsonLd } from "~/seo/json-ld";

// Absolute URLs must follow the request's origin, so these tests use one that is not localhost.
const origin = "https://shop.example";

const canonicalUrls = [
  "/",
  "/services",
  "/about",
  "/contact",
  ...services.map(servicePath),
  ...areas.map(areaPath),
].map((path) => `${origin}${path}`);

type XmlElement = { name: string; attributes: string; children: XmlElement[]; text: string };

/**
 * A strict little XML reader for the sitemap: it throws on anything that is not a
 * well-formed tree of elements with escaped text (unclosed or crossed tags, a stray "<" or "&").
 */
function parseXml(xml: string): XmlElement {
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/;
  if (!declaration.test(xml)) throw new Error("missing XML declaration");
  const body = xml.replace(declaration, "");
  const root: XmlElement = { name: "#document", attributes: "", children: [], text: "" };
  const stack = [root];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = token.exec(body))) {
    consumed = token.lastIndex;
    const [, closing, name, attributes, selfClosing, text] = match;
    const current = stack.at(-1)!;
    if (text !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(text)) throw new Error(`unescaped & in ${JSON.stringify(text)}`);
      current.text += text;
    } else if (closing) {
      if (current.name !== name) throw new Error(`</${name}> closes <${current.name}>`);
      stack.pop();
    } else {
      const element: XmlElement = { name: name!, attributes: attributes ?? "", children: [], text: "" };
      current.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (consumed !== body.length) throw new Error(`not XML at: ${body.slice(consumed, consumed + 40)}`);
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  const elements = root.children;
  if (elements.length !== 1 || root.text.trim() !== "") throw new Error("a document has exactly one root element");
  return elements[0]!;
}

function jsonLdBlocks(html: string): { nonce: string | undefined; data: Record<string, unknown> }[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"(?: nonce="([^"]*)")?>([^<]*)<\/script>/g)];
  return blocks.map(([, nonce, json]) => ({ nonce, data: JSON.parse(json!) as Record<string, unknown> }));
}

/** A page's one JSON-LD block, which must carry the response's nonce to be allowed by the CSP. */
async function theOnlyJsonLd(path: string): Promise<Record<string, unknown>> {
  const response = await SELF.fetch(`${origin}${path}`);
  const blocks = jsonLdBlocks(await response.text());
  expect(blocks, path).toHaveLength(1);
  const [{ nonce, data }] = blocks as [(typeof blocks)[number]];
  expect(nonce, path).toBe(cspNonce(response));
  return data;
}

describe("/sitemap.xml", () => {
  it("is well-formed XML listing every canonical public page once, on the request's origin", async () => {
    const response = await SELF.fetch(`${origin}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/xml/);

    const urlset = parseXml(await response.text());
    expect(urlset.name).toBe("urlset");
    expect(urlset.attributes).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(urlset.children.every((url) => url.name === "url")).toBe(true);
    const locations = urlset.children.map((url) => {
      const [loc, ...rest] = url.children;
      expect(loc?.name).toBe("loc");
      expect(rest).toEqual([]);
      return loc!.text;
    });
    expect(locations).toEqual(canonicalUrls);
    expect(new Set(locations).size).toBe(locations.length);
  });

  it("leaves out the short area aliases, the login page and the staff inbox", async () => {
    const xml = await (await SELF.fetch(`${origin}/sitemap.xml`)).text();
    for (const area of areas) {
      if (area.shortSlug) expect(xml).not.toContain(`<loc>${origin}/areas/${area.shortSlug}</loc>`);
    }
    expect(xml).not.toContain("/login");
    expect(xml).not.toContain("/incoming");
    expect(xml).not.toContain("/api/");
  });

  it("lists only pages that answer 200", async () => {
    for (const url of canonicalUrls) {
      const response = await SELF.fetch(url);
      expect(response.status, url).toBe(200);
      await response.body?.cancel();
    }
  });
});

describe("/robots.txt", () => {
  it("allows the public site, keeps crawlers out of /incoming and /login, and points to the sitemap", async () => {
    const response = await SELF.fetch(`${origin}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Disallow: /incoming");
    expect(lines).toContain("Disallow: /login");
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(lines.filter((line) => line.startsWith("Disallow:"))).not.toContain("Disallow: /");
  });
});

describe("JSON-LD", () => {
  for (const path of ["/", "/contact"]) {
    it(`describes the shop as an AutoRepair business on ${path}`, async () => {
      const data = await theOnlyJsonLd(path);
      expect(data).toMatchObject({
        "@context": "https://schema.org",
        "@type": "AutoRepair",
        name: shop.name,
        telephone: shop.phone.e164,
        url: `${origin}/`,
        address: { "@type": "PostalAddress", addressLocality: "Pikesville", addressRegion: "MD" },
        openingHoursSpecification: [
          {
            "@type": "OpeningHoursSpecification",
            dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
            opens: "08:00",
            closes: "17:00",
          },
        ],
        foundingDate: "1992",
      });
      expect(data.areaServed).toEqual(areas.map((area) => ({ "@type": "Place", name: `${area.name}, MD` })));
    });
  }

  for (const service of services) {
    it(`describes ${servicePath(service)} as a Service offered by the shop`, async () => {
      const data = await theOnlyJsonLd(servicePath(service));
      expect(data).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Service",
        name: service.name,
        url: `${origin}${servicePath(service)}`,
        provider: { "@type": "AutoRepair", name: shop.name, telephone: shop.phone.e164 },
      });
      if (service.price) {
        expect(data.offers).toMatchObject({ "@type": "Offer", priceCurrency: "USD" });
        expect(`$${(data.offers as { price: string }).price}`).toBe(formatPrice(service.price.fromCents));
      }
    });
  }

  it("cannot be closed early by a '</script>' inside a string", () => {
    const json = serializeJsonLd({
      "@context": "https://schema.org",
      "@type": "Thing",
      name: "</script><script>alert(1)</script> & more",
    });
    expect(json).not.toMatch(/[<>&]/);
    expect((JSON.parse(json) as { name: string }).name).toBe("</script><script>alert(1)</script> & more");
  });
});
