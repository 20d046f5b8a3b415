import { describe, expect, it } from "vitest";
import { workerAt } from "../support/http";
import { areaPath, areas } from "~/content/areas";

// Every public page's words, as a visitor (or a search engine) reads them: the visible text, the
// request form's choices with their values, the title and description, the JSON-LD, the sitemap.
// The fixtures in __text__/ were captured from the pages as they were before the services moved into
// D1 (issue 38): the catalog must reproduce them word for word.

const shippedServicePaths = [
  "/services/oil-change",
  "/services/brake-repair",
  "/services/engine-diagnostics",
  "/services/battery-electrical",
  "/services/transmission-service",
  "/services/diagnostic-services",
];

const pages = ["/", "/services", ...shippedServicePaths, "/about", "/contact", ...areas.map(areaPath)];

// A Tuesday at 10:00 in Pikesville: the open-now line and the footer's year are the same on every run.
const at = new Date("2026-11-24T15:00:00Z");

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&nbsp;", "\u00a0")
    .replaceAll("&amp;", "&");
}

/** What the page says: its title, description, keywords, JSON-LD, choices and visible text, one line each. */
function pageWords(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
  const keywords = /<meta name="keywords" content="([^"]*)"/.exec(html)?.[1] ?? "";
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(([, json]) =>
    JSON.stringify(JSON.parse(json!), null, 1),
  );
  const choices = [...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map(
    ([, value, label]) => `${value} = ${decodeEntities(label!)}`,
  );
  const text = decodeEntities(
    html
      .replace(/<head>[\s\S]*?<\/head>/, "")
      .replace(/<script[\s\S]*?<\/script>/g, "")
      .replace(/<style[\s\S]*?<\/style>/g, "")
      .replace(/<[^>]+>/g, "\n"),
  )
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  return [
    `title: ${decodeEntities(title)}`,
    `description: ${decodeEntities(description)}`,
    `keywords: ${decodeEntities(keywords)}`,
    ...choices.map((choice) => `choice: ${choice}`),
    ...jsonLd.map((block) => `json-ld: ${block}`),
    ...text,
    "",
  ].join("\n");
}

const fixtureName = (path: string) => `__text__/${path === "/" ? "home" : path.slice(1).replaceAll("/", "--")}.txt`;

describe("the public pages' words", () => {
  for (const path of pages) {
    it(`are the same as before the catalog moved into D1 on ${path}`, async () => {
      const response = await workerAt(at).fetch(path);
      expect(response.status).toBe(200);
      await expect(pageWords(await response.text())).toMatchFileSnapshot(fixtureName(path));
    });
  }

  it("are the same in the sitemap", async () => {
    const response = await workerAt(at).fetch("/sitemap.xml");
    await expect(await response.text()).toMatchFileSnapshot("__text__/sitemap.xml");
  });
});
