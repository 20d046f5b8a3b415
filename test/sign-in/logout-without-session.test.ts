import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchWorker } from "../support/http";
import { sessionSetCookie } from "../support/staff";

// A logout is answered as one whatever the browser sends: no cookie, an empty one, one that was
// never signed by this site, or one whose signature is right but whose session is long gone.
// Nothing of it is worth an error in the log.

const cookies: [string, string | undefined][] = [
  ["no cookie", undefined],
  ["an empty cookie", "__Host-session="],
  ["a garbage cookie", "__Host-session=garbage"],
  ["a cookie with a forged signature", "__Host-session=ImFiYyI%3D.Zm9yZ2Vk"],
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe("logging out without a valid session", () => {
  it.each(cookies)(
    "POST /api/logout with %s answers 200 { success: true } and clears the cookie",
    async (_, cookie) => {
      const errors = vi.spyOn(console, "error");
      const response = await fetchWorker("/api/logout", {
        method: "POST",
        headers: cookie === undefined ? {} : { Cookie: cookie },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });
      expect(sessionSetCookie(response)).toMatch(/^__Host-session=;.*Expires=Thu, 01 Jan 1970/);
      expect(errors).not.toHaveBeenCalled();
    },
  );

  it.each(cookies)("POST /api/logout.data with %s answers 200 and logs no error", async (_, cookie) => {
    const errors = vi.spyOn(console, "error");
    const response = await fetchWorker("/api/logout.data", {
      method: "POST",
      headers: cookie === undefined ? {} : { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain("Unexpected Server Error");
    expect(errors).not.toHaveBeenCalled();
  });

  it.each(cookies)("the inbox's Logout form with %s redirects to /login and logs no error", async (_, cookie) => {
    const errors = vi.spyOn(console, "error");
    const response = await fetchWorker("/incoming", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie === undefined ? {} : { Cookie: cookie }),
      },
      body: "",
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(errors).not.toHaveBeenCalled();
  });
});
