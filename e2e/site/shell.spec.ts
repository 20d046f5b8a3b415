import { expect, test } from "../fixtures";

const footerServiceLinks = [
  ["Oil Changes", "/services/oil-change"],
  ["Brake Service", "/services/brake-repair"],
  ["Engine Repair", "/services/engine-diagnostics"],
  ["Battery Service", "/services/battery-electrical"],
  ["Transmission Repair", "/services/transmission-service"],
  ["Diagnostic Services", "/services/diagnostic-services"],
] as const;

const footerAreaLinks = [
  ["Baltimore", "/areas/baltimore-auto-repair"],
  ["Baltimore County", "/areas/baltimore-county-auto-repair"],
  ["Pikesville", "/areas/pikesville-auto-repair"],
  ["Owings Mills", "/areas/owings-mills-auto-repair"],
  ["Randallstown", "/areas/randallstown-auto-repair"],
  ["Reisterstown", "/areas/reisterstown-auto-repair"],
  ["Lutherville-Timonium", "/areas/lutherville-timonium-auto-repair"],
  ["Towson", "/areas/towson-auto-repair"],
  ["Woodlawn", "/areas/woodlawn-auto-repair"],
  ["Milford Mill", "/areas/milford-mill-auto-repair"],
] as const;

test.describe("header", () => {
  test("shows the logo, tagline, navigation and call button", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: /Pikesville Family Auto Repair/ })).toHaveAttribute("href", "/");
    await expect(header.getByText("Trusted Since 1992")).toBeVisible();
    await expect(header.getByRole("link", { name: /Call/ })).toHaveAttribute("href", "tel:+14105550192");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Home", "/"],
      ["Services", "/services"],
      ["About", "/about"],
      ["Contact", "/contact"],
    ] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
  });

  test("highlights the current page's link, also on nested pages", async ({ page }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.goto("/about");
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");

    await page.goto("/services/oil-change");
    await expect(nav.getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  });
});

for (const javaScriptEnabled of [false, true]) {
  test.describe(`mobile menu with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled });

    test("opens from the menu button and closes when a link is chosen", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      const mobileNav = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobileNav).toBeHidden();

      await page.getByLabel("Menu").click();
      await expect(mobileNav).toBeVisible();
      await mobileNav.getByRole("link", { name: "Contact" }).click();

      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
      await page.getByLabel("Menu").click();
      await expect(
        page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Contact" }),
      ).toHaveAttribute("aria-current", "page");
    });
  });
}

test("footer lists hours, location and the spec's service and area links", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText("Pikesville, Maryland", { exact: true })).toBeVisible();
  await expect(footer.getByText("Mon-Fri", { exact: true })).toBeVisible();
  await expect(footer.getByText("8:00 AM - 5:00 PM", { exact: true })).toBeVisible();
  await expect(footer.getByText("Sat-Sun", { exact: true })).toBeVisible();
  await expect(footer.getByText("Closed", { exact: true })).toBeVisible();
  await expect(footer.getByRole("link", { name: /Call Now/ })).toHaveAttribute("href", "tel:+14105550192");
  await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  for (const [name, href] of [...footerServiceLinks, ...footerAreaLinks]) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
});

test("an unknown path shows Page Not Found with status 404 and a way home", async ({ page }) => {
  const response = await page.goto("/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("pages carry title, description, keywords, social tags and a canonical link", async ({ page, baseURL }) => {
  await page.goto("/about");
  await expect(page).toHaveTitle(/Pikesville Family Auto Repair/);
  const meta = (selector: string) => page.locator(selector).getAttribute("content");
  expect(await meta('meta[name="description"]')).toBeTruthy();
  expect(await meta('meta[name="keywords"]')).toMatch(/auto repair/i);
  expect(await meta('meta[property="og:title"]')).toBe(await page.title());
  expect(await meta('meta[property="og:description"]')).toBe(await meta('meta[name="description"]'));
  expect(await meta('meta[property="og:type"]')).toBe("website");
  expect(await meta('meta[property="og:image"]')).toBe(`${baseURL}/og-image.png`);
  expect(await meta('meta[name="twitter:card"]')).toBe("summary_large_image");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/about`);

  const image = await page.request.get("/og-image.png");
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
});

test("opens a page chosen from the menu at its top, wherever the visitor had scrolled to", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("static files carry nosniff and the other headers that apply, as the server serves them", async ({
  page,
  request,
}) => {
  await page.goto("/");
  // The build names its files by content hash: take them from the page.
  // The favicon is inlined into the page (docs/decisions/009); the rest are files.
  const files = [
    await page.locator('link[rel="apple-touch-icon"]').getAttribute("href"),
    await page.locator('link[rel="stylesheet"]').getAttribute("href"),
    new URL((await page.locator('meta[property="og:image"]').getAttribute("content"))!).pathname,
  ];
  for (const file of files) {
    expect(file).toMatch(/^\//);
    const response = await request.get(file!);
    expect(response.status(), file!).toBe(200);
    const headers = response.headers();
    expect(headers["x-content-type-options"], file!).toBe("nosniff");
    expect(headers["strict-transport-security"], file!).toBe("max-age=63072000; includeSubDomains");
    expect(headers["referrer-policy"], file!).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"], file!).toBe("DENY");
    // A file opened on its own (an SVG) runs nothing.
    expect(headers["content-security-policy"], file!).toMatch(/default-src 'none'.*sandbox/);
  }
});
