import { describe, expect, it } from "vitest";
import { fetchWorker, ORIGIN } from "../support/http";
import { staffSessionCookie } from "../support/staff";

// The API's addresses in another letter case than their own are no endpoints: the JSON 404 of any
// unknown /api path, for a member and a visitor alike (before: a 500 from the inbox's endpoints,
// which read the kind of record from the address as written, and the site's HTML 404 elsewhere).

const PATHS: [method: string, path: string][] = [
  ["GET", "/API/contact-submissions"],
  ["GET", "/API/service-requests.csv"],
  ["PATCH", "/API/service-requests/5f0c5a52-6b0f-4d6e-9a59-0c1d2e3f4a5b"],
  ["GET", "/API/contact-submissions/5f0c5a52-6b0f-4d6e-9a59-0c1d2e3f4a5b"],
  ["GET", "/api/Contact-Submissions"],
  ["GET", "/Api/service-requests/5f0c5a52-6b0f-4d6e-9a59-0c1d2e3f4a5b/activity"],
  ["DELETE", "/api/SERVICE-REQUESTS/5f0c5a52-6b0f-4d6e-9a59-0c1d2e3f4a5b"],
  ["GET", "/api/contact-submissions.CSV"],
  ["GET", "/API/appointments?from=2026-12-01&to=2026-12-02"],
  ["GET", "/API/health"],
  ["POST", "/API/contact"],
];

describe("an /api address in another letter case", () => {
  it("is the JSON 404 of an unknown API path, signed in or not", async () => {
    const member = await staffSessionCookie("letter-case-owner");
    for (const cookie of [member, ""]) {
      for (const [method, path] of PATHS) {
        const response = await fetchWorker(path, {
          method,
          headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
          body: method === "GET" || method === "DELETE" ? undefined : "{}",
        });
        const label = `${method} ${path}${cookie ? " (member)" : ""}`;
        expect(response.status, label).toBe(404);
        expect(response.headers.get("Content-Type"), label).toMatch(/^application\/json/);
        expect(await response.json(), label).toEqual({ message: "There is no API endpoint at this address." });
      }
    }
  });

  it("in its own case still answers", async () => {
    const member = await staffSessionCookie("letter-case-member");
    expect((await fetchWorker("/api/health")).status).toBe(200);
    expect((await fetchWorker("/api/contact-submissions", { headers: { Cookie: member } })).status).toBe(200);
  });
});
