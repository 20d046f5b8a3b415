import type { Locator, Page } from "@playwright/test";
import { benefits, contactFeatures, facilities, story, team, testimonials, values } from "../../app/content/about";
import { areaPath, areas, servedTowns } from "../../app/content/areas";
import {
  additionalServices,
  requestServicePath,
  serviceReasons,
  servicePath,
  formatPrice,
  shippedServices as services,
  warranty,
  type Service,
} from "../../app/content/services";
import { phoneHref, shop } from "../../app/content/shop";
import { defaultWeeklyHours } from "../../app/content/hours";
import { openingHoursRows } from "../../app/hours/opening-hours";
import { expect, publicPages, test } from "../fixtures";
import { areaAliases } from "./area-aliases";

const callLinkName = `Call ${shop.phone.display}`;

function region(page: Page, name: string): Locator {
  return page.getByRole("main").getByRole("region", { name, exact: true });
}

/** The <dd> elements that follow a <dt> (a fact's value, then any detail). */
function definitionsOf(scope: Locator, term: string): Locator {
  return scope.getByRole("term").filter({ hasText: term }).locator("xpath=following-sibling::dd");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function expectCallAndContactLinks(scope: Locator, contactLabel = "Contact Us") {
  await expect(scope.getByRole("link", { name: callLinkName })).toHaveAttribute("href", phoneHref);
  await expect(scope.getByRole("link", { name: contactLabel, exact: true })).toHaveAttribute("href", "/contact");
}

/** Title, description, keywords, Open Graph, Twitter card and canonical link, each exactly once. */
async function expectSocialMeta(page: Page, canonicalUrl: string, origin: string) {
  const meta = (attribute: "name" | "property", key: string) => page.locator(`meta[${attribute}="${key}"]`);
  const title = await page.title();
  expect(title).toContain(shop.name);
  const description = (await meta("name", "description").getAttribute("content")) ?? "";
  expect(description.length).toBeGreaterThan(60);

  for (const [attribute, key] of [
    ["name", "description"],
    ["name", "keywords"],
    ["property", "og:title"],
    ["property", "og:description"],
    ["property", "og:type"],
    ["property", "og:url"],
    ["property", "og:image"],
    ["name", "twitter:card"],
    ["name", "twitter:title"],
    ["name", "twitter:description"],
    ["name", "twitter:image"],
  ] as const) {
    await expect(meta(attribute, key), `${key} once`).toHaveCount(1);
  }
  await expect(meta("name", "keywords")).toHaveAttribute("content", /\S/);
  await expect(meta("property", "og:title")).toHaveAttribute("content", title);
  await expect(meta("property", "og:description")).toHaveAttribute("content", description);
  await expect(meta("property", "og:type")).toHaveAttribute("content", "website");
  await expect(meta("property", "og:url")).toHaveAttribute("content", canonicalUrl);
  await expect(meta("property", "og:image")).toHaveAttribute("content", `${origin}/og-image.png`);
  await expect(meta("name", "twitter:card")).toHaveAttribute("content", "summary_large_image");
  await expect(meta("name", "twitter:title")).toHaveAttribute("content", title);
  await expect(meta("name", "twitter:description")).toHaveAttribute("content", description);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonicalUrl);
}

test.describe("every public page", () => {
  for (const { path, h1 } of publicPages) {
    test(`${path} has one h1 "${h1}", its own meta tags and a canonical link`, async ({ page, baseURL }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await expectSocialMeta(page, `${baseURL}${path}`, baseURL!);
    });
  }

  test("no two pages share a title or a description", async ({ request }) => {
    const pathsByTitle = new Map<string, string[]>();
    const pathsByDescription = new Map<string, string[]>();
    const add = (map: Map<string, string[]>, key: string, path: string) =>
      map.set(key, [...(map.get(key) ?? []), path]);
    for (const { path } of publicPages) {
      const html = await (await request.get(path)).text();
      add(pathsByTitle, /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "", path);
      add(pathsByDescription, /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "", path);
    }
    const shared = (map: Map<string, string[]>) => [...map.values()].filter((paths) => paths.length > 1);
    expect(shared(pathsByTitle), "pages sharing a title").toEqual([]);
    expect(shared(pathsByDescription), "pages sharing a description").toEqual([]);
  });
});

test("home: hero with call and services links, stats, four teasers, benefits, testimonials, request form and emergency banner", async ({
  page,
}) => {
  await page.goto("/");
  const hero = region(page, "Trusted Auto Repair in Pikesville, Maryland");
  await expect(hero.getByRole("link", { name: callLinkName })).toHaveAttribute("href", phoneHref);
  await expect(hero.getByRole("link", { name: "View Our Services" })).toHaveAttribute("href", "/services");
  for (const [value, label] of [
    [shop.stats.years, "Years of Service"],
    [shop.stats.bays, "Service Bays"],
    [shop.stats.familyOwned, "Family Owned"],
  ] as const) {
    await expect(definitionsOf(hero, label)).toHaveText(String(value));
  }
  await expect(hero).toContainText("Mon-Fri: 8:00 AM - 5:00 PM");

  // The home page's four teasers: oil changes, brake service, engine repair, transmission.
  const teasers = region(page, "Our Auto Repair Services").getByRole("article");
  await expect(teasers).toHaveCount(4);
  for (const slug of ["oil-change", "brake-repair", "engine-diagnostics", "transmission-service"]) {
    await expectServiceCard(
      teasers,
      services.find((service) => service.slug === slug)!,
    );
  }

  await expect(
    region(page, "The Kind of Shop You Tell Your Neighbors About").getByRole("heading", { level: 3 }),
  ).toHaveText(benefits.map((benefit) => benefit.title));

  const reviews = region(page, "What Our Customers Say");
  await expect(reviews.getByRole("figure")).toHaveCount(testimonials.length);
  await expect(reviews.getByRole("img", { name: "Rated 5 out of 5 stars" })).toHaveCount(3);
  for (const testimonial of testimonials) {
    await expect(reviews.getByText(testimonial.quote)).toBeVisible();
  }

  const request = page.locator("section#request-service");
  await expect(request.getByRole("heading", { level: 2, name: "Request Automotive Service" })).toBeVisible();
  await expect(request).toContainText("contact you within 24 hours to schedule an appointment");

  await expect(region(page, "Car Trouble? Call Us Now").getByRole("link", { name: callLinkName })).toHaveAttribute(
    "href",
    phoneHref,
  );
});

async function expectServiceCard(cards: Locator, service: Service) {
  const card = cards.filter({ has: cards.page().getByRole("heading", { name: service.name, exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(service.timeEstimate);
  if (service.price) {
    await expect(card).toContainText(formatPrice(service.price.fromCents));
    await expect(card).toContainText(service.price.note);
  }
  await expect(card.getByRole("link", { name: `Learn more about ${service.name}` })).toHaveAttribute(
    "href",
    servicePath(service),
  );
  return card;
}

test("services: six main services with prices, times and features, additional services, reasons, towns and calls to action", async ({
  page,
}) => {
  await page.goto("/services");
  const cards = region(page, "What We Can Do for Your Car").getByRole("article");
  await expect(cards).toHaveCount(services.length);
  for (const service of services) {
    const card = await expectServiceCard(cards, service);
    await expect(card.getByRole("listitem")).toHaveText(service.features);
    if (service.popular) await expect(card).toContainText("Most Popular");
    else await expect(card).not.toContainText("Most Popular");
  }
  await expect(cards.filter({ hasText: "Most Popular" })).toContainText(
    services.find((service) => service.slug === "oil-change")!.name,
  );
  await expect(cards.filter({ hasText: "Most Popular" })).toContainText("$39.95");

  await expect(region(page, "Additional Services").getByRole("listitem")).toHaveText([...additionalServices]);
  await expect(region(page, `Why Drivers Choose ${shop.name}`).getByRole("heading", { level: 3 })).toHaveText(
    serviceReasons.map((reason) => reason.title),
  );
  await expect(region(page, "Proudly Serving Baltimore County").getByRole("listitem")).toHaveText([...servedTowns]);
  await expectCallAndContactLinks(region(page, "Ready to Schedule Your Service?"));
});

for (const service of services) {
  test(`${servicePath(service)}: time, ${service.price ? "starting price, " : ""}warranty, what's included, benefits, process, reasons and calls to action`, async ({
    page,
  }) => {
    await page.goto(servicePath(service));
    const hero = region(page, service.name);
    await expect(definitionsOf(hero, "Service time")).toHaveText(service.timeEstimate);
    if (service.price) {
      await expect(definitionsOf(hero, "Starting at")).toHaveText([
        formatPrice(service.price.fromCents),
        service.price.note,
      ]);
    } else {
      await expect(hero.getByRole("term").filter({ hasText: "Starting at" })).toHaveCount(0);
    }
    await expect(hero.getByRole("link", { name: callLinkName })).toHaveAttribute("href", phoneHref);
    await expect(hero.getByRole("link", { name: "Schedule Service" })).toHaveAttribute(
      "href",
      requestServicePath(service),
    );

    await expect(region(page, warranty.title)).toContainText(warranty.description);
    await expect(region(page, "What's Included").getByRole("listitem")).toHaveText(service.features);
    await expect(region(page, "Benefits").getByRole("listitem")).toHaveText(service.benefits);
    const process = region(page, "Our Process");
    await expect(process.locator("ol > li")).toHaveCount(service.process.length);
    await expect(process.getByRole("heading", { level: 3 })).toHaveText(
      service.process.map((step, index) => `Step ${index + 1}: ${step.title}`),
    );
    await expect(region(page, `Why Drivers Choose ${shop.name}`).getByRole("heading", { level: 3 })).toHaveText(
      serviceReasons.map((reason) => reason.title),
    );
    // The closing panel books this service online: the request form with it chosen.
    const closing = region(page, `Book Your ${service.shortName} Today`);
    await expect(closing.getByRole("link", { name: callLinkName })).toHaveAttribute("href", phoneHref);
    await expect(closing.getByRole("link", { name: "Request Online" })).toHaveAttribute(
      "href",
      requestServicePath(service),
    );
  });
}

test("about: story, stats, four values, team, facilities and a call to action", async ({ page }) => {
  await page.goto("/about");
  for (const paragraph of story) {
    await expect(region(page, "Three Decades of Honest Work")).toContainText(paragraph);
  }
  const numbers = region(page, "A Busy Shop With Room for Your Car");
  for (const [value, label] of [
    [shop.stats.technicians, "Expert Technicians"],
    [shop.stats.bays, "Service Bays"],
    [shop.stats.years, "Years in Business"],
    [shop.stats.vehiclesPerYear, "Vehicles Serviced a Year"],
  ] as const) {
    await expect(definitionsOf(numbers, label)).toHaveText(String(value));
  }
  const valueHeadings = region(page, "Our Values").getByRole("heading", { level: 3 });
  await expect(valueHeadings).toHaveCount(4);
  await expect(valueHeadings).toHaveText(values.map((value) => value.title));
  const people = region(page, "The People Behind the Work");
  for (const member of team) {
    await expect(people.getByRole("heading", { level: 3, name: member.name })).toBeVisible();
    await expect(people).toContainText(member.role);
  }
  await expect(region(page, "Our Facilities").getByRole("heading", { level: 3 })).toHaveText(
    facilities.map((facility) => facility.title),
  );
  await expectCallAndContactLinks(region(page, "Experience the Family Difference"));
});

test("contact: info cards, feature cards, form section, location, after-hours advice and service areas", async ({
  page,
}) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  const info = main.locator("#contact-details");
  await expect(info.getByRole("heading", { level: 3 })).toHaveText(["Phone", "Location", "Hours", "Online Form"]);
  await expect(info.getByRole("link", { name: shop.phone.display })).toHaveAttribute("href", phoneHref);
  await expect(info).toContainText(shop.location);
  for (const row of openingHoursRows(defaultWeeklyHours)) await expect(info).toContainText(`${row.days}: ${row.hours}`);
  await expect(info).toContainText("Mon-Fri: 8:00 AM - 5:00 PM");
  await expect(info).toContainText("Sat-Sun: Closed");
  await expect(info.getByRole("link", { name: "Available 24/7" })).toHaveAttribute("href", "#contact-form");

  await expect(main.locator("#contact-features").getByRole("heading", { level: 3 })).toHaveText(
    contactFeatures.map((feature) => feature.title),
  );
  await expect(
    main.locator("section#contact-form").getByRole("heading", { level: 2, name: "Send Us a Message" }),
  ).toBeVisible();
  await expect(region(page, "Our Location")).toContainText(shop.location);
  await expect(region(page, "Car Trouble After Hours?")).toContainText("contact a local towing service");

  const areaLinks = region(page, "Areas We Serve").getByRole("link");
  await expect(areaLinks).toHaveCount(areas.length);
  for (const [index, area] of areas.entries()) {
    await expect(areaLinks.nth(index)).toHaveAttribute("href", areaPath(area));
    await expect(areaLinks.nth(index)).toContainText(area.name);
  }
});

for (const area of areas) {
  test(`${areaPath(area)}: ${area.distance}, ${area.driveTime}, shuttle, zip codes, landmarks, three services and calls to action`, async ({
    page,
  }) => {
    await page.goto(areaPath(area));
    const hero = region(page, `Auto Repair in ${area.name}, MD`);
    await expect(definitionsOf(hero, "Distance").first()).toHaveText(area.distance);
    await expect(definitionsOf(hero, "Drive time").first()).toHaveText(area.driveTime);
    await expect(definitionsOf(hero, "Shuttle service").first()).toHaveText(
      area.shuttle ? "Available" : "Not available",
    );
    await expect(hero).toContainText(area.description);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      new RegExp(`${escapeRegExp(area.name)} drivers, ${escapeRegExp(area.distance)} from`),
    );

    const neighborhood = region(page, `Your Neighborhood Auto Shop for ${area.name}`);
    for (const zip of area.zipCodes) await expect(neighborhood.getByText(zip, { exact: true })).toBeVisible();
    for (const landmark of area.landmarks)
      await expect(neighborhood.getByText(landmark, { exact: true })).toBeVisible();

    const preview = region(page, `Services for ${area.name} Drivers`).getByRole("article");
    await expect(preview).toHaveCount(3);
    for (const service of services.slice(0, 3)) await expectServiceCard(preview, service);

    await expectCallAndContactLinks(region(page, `Need a Mechanic Near ${area.name}?`));
  });
}

test.describe("short area addresses", () => {
  for (const alias of areaAliases) {
    test(`${alias.path} renders the ${alias.town} page with a canonical link to ${alias.canonicalPath}`, async ({
      page,
      baseURL,
    }) => {
      const response = await page.goto(alias.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(alias.path)}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Auto Repair in ${alias.town}, MD`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${alias.canonicalPath}`);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
        "content",
        `${baseURL}${alias.canonicalPath}`,
      );
    });
  }
});

for (const path of ["/areas/baltimore", "/areas/baltimore-county", "/areas/nowhere-auto-repair", "/services/nope"]) {
  test(`${path} is a 404 Page Not Found`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  });
}
