import { describe, expect, it, vi } from "vitest";
import { fetchWorker, unreachableD1 } from "../support/http";

describe("the Worker", () => {
  it("renders the home page with the shop's header and footer", async () => {
    const response = await fetchWorker("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("Trusted Since 1992");
    expect(html).toContain('href="tel:+14105550192"');
    expect(html).toContain("Pikesville, Maryland");
  });

  it("answers an unknown path with a 404 Page Not Found page", async () => {
    const response = await fetchWorker("/does-not-exist");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found");
  });
});

describe("GET /api/health", () => {
  it("reports healthy while D1 answers", async () => {
    const response = await fetchWorker("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("reports unavailable with 503 and logs why while D1 fails, and healthy again once it answers", async () => {
    const loggedErrors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const down = await fetchWorker("/api/health", {}, { bindings: { DB: unreachableD1() } });
      expect(down.status).toBe(503);
      expect(down.headers.get("Cache-Control")).toBe("no-store");
      expect(await down.json()).toEqual({ status: "unavailable" });
      expect(loggedErrors).toHaveBeenCalledWith(expect.stringContaining("D1"), expect.any(Error));
    } finally {
      loggedErrors.mockRestore();
    }

    const up = await fetchWorker("/api/health");
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ status: "ok" });
  });
});
