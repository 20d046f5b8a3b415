import { shop } from "../../app/content/shop";
import { PRIVATE_PATH_PREFIXES } from "../../app/private-paths";
import {
  expect,
  fillVisitorDetails,
  hydratedPaths,
  lazyFormPaths,
  publicPages,
  test,
  uniqueEmail,
  visitorForm,
  waitForHydration,
} from "../fixtures";
import { areaAliases } from "./area-aliases";

// Which pages ship JavaScript, and what the ones that do still do when it fails or is changed.

test.describe("JavaScript", () => {
  const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];
  // JSON-LD and speculation rules are data for crawlers and the browser: nothing runs.
  const isData = (tag: string) => /\btype="(application\/ld\+json|speculationrules)"/.test(tag);

  const staticPaths = [
    ...publicPages.map((page) => page.path).filter((path) => !hydratedPaths.includes(path)),
    ...areaAliases.map((alias) => alias.path),
  ];
  for (const path of staticPaths) {
    test(`${path} ships no JavaScript`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      expect(scriptTags(html).filter((tag) => !isData(tag))).toEqual([]);
      expect(html).not.toContain('rel="modulepreload"');
    });
  }

  for (const path of hydratedPaths) {
    test(`${path} holds its module script back until the page has painted`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      expect(html).not.toContain('rel="modulepreload"');
      expect(scriptTags(html).filter((tag) => /\btype="module"/.test(tag))).toEqual([]);
      expect(scriptTags(html).filter((tag) => /\btype="text\/plain" data-run-after-paint=""/.test(tag))).toHaveLength(
        1,
      );
    });
  }

  for (const path of lazyFormPaths) {
    test(`${path} hydrates after load, and loads its form's code only when the visitor heads for the form`, async ({
      page,
    }) => {
      // Chunks are named after their first module: the form components, their hook, the validators.
      const isFormCode = (script: string) =>
        /\/(contact-form|service-request-form|use-submission-form|validators)-/.test(script);
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      const form = visitorForm(page);
      await expect(form).not.toHaveAttribute("data-enhanced");
      expect(scripts.filter(isFormCode)).toEqual([]);

      // Typed before the form's code arrives, and still there after it has.
      await form.getByLabel("First Name").fill("Dana");
      await expect(form).toHaveAttribute("data-enhanced", "");
      await expect(form.getByLabel("First Name")).toHaveValue("Dana");
      expect(scripts.filter(isFormCode).length).toBeGreaterThan(0);
    });
  }

  test("a page whose markup was changed before hydration (a translation, an extension) recovers in place", async ({
    page,
  }) => {
    // The server's heading differs from what React renders: hydration fails and React renders
    // the page on the client, server-only blocks included, without reloading it.
    await page.route("**/", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(">Request Automotive Service</h2>", ">Solicitar servicio</h2>");
      await route.fulfill({ response, body: html });
    });
    let loads = 0;
    page.on("load", () => (loads += 1));
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 2, name: "Request Automotive Service" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Services" })).toBeAttached();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trusted Auto Repair in Pikesville, Maryland");
    await expect(page.getByRole("contentinfo")).toContainText(shop.name);
    expect(loads).toBe(1);
  });

  test("a form whose code cannot be loaded stays a working HTML form", async ({ page, db }) => {
    await page.route(/\/assets\/(contact-form|use-submission-form)-[^/]+\.js$/, (route) => route.abort());
    await page.goto("/contact");
    await waitForHydration(page);
    const email = uniqueEmail();
    await fillVisitorDetails(visitorForm(page), email);
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Sent while the form's script is blocked.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByTestId("form-success")).toContainText("Message Sent Successfully");
    expect(db.all("select id from contact_submissions where email = ?", email)).toHaveLength(1);
  });

  test("links on a page with a form load the next page as a document", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // A client-side navigation would have kept the previous document and its scripts.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    expect(await page.locator("script:not([type])").count()).toBe(0);
  });

  test("every page asks supporting browsers to prefetch public pages on hover, never the private paths", async ({
    request,
  }) => {
    for (const path of ["/", "/services", "/login"]) {
      const html = await (await request.get(path)).text();
      const rules = /<script type="speculationrules"[^>]*>(.*?)<\/script>/.exec(html)?.[1];
      expect(rules, path).toBeDefined();
      const { prefetch } = JSON.parse(rules!) as { prefetch: { where: { and: unknown[] }; eagerness: string }[] };
      expect(prefetch[0]!.eagerness).toBe("moderate");
      expect(prefetch[0]!.where.and).toEqual(
        expect.arrayContaining(PRIVATE_PATH_PREFIXES.map((prefix) => ({ not: { href_matches: `${prefix}*` } }))),
      );
    }
  });
});
