import { describe, expect, it } from "vitest";
import {
  cookieFrom,
  createStaffUser,
  cspNonce,
  fetchWorker,
  formSubmissionId,
  pageLogin,
  postForm,
  sessionCookie,
  storedRows,
  uniqueEmail,
  validContact,
} from "./helpers";

async function fetchPage(path: string, init?: RequestInit) {
  const response = await fetchWorker(path, init);
  return { response, html: await response.text(), cache: response.headers.get("X-Page-Cache") };
}

describe("the public page cache", () => {
  it("serves a page again with a fresh nonce and a fresh form id each time", async () => {
    await fetchPage("/contact");
    const seen = { nonces: new Set<string>(), ids: new Set<string>() };
    for (let i = 0; i < 3; i++) {
      const { response, html, cache } = await fetchPage("/contact");
      expect(cache).toBe("hit");
      const nonce = cspNonce(response);
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      const ids = [...html.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g)].map(
        (m) => m[0],
      );
      // The hidden field and the hydration data carry the same id.
      expect(new Set(ids).size).toBe(1);
      seen.nonces.add(nonce);
      seen.ids.add(ids[0]!);
      expect(html).not.toContain("cached-page-nonce-placeholder");
      expect(html).not.toContain("00000000-0000-4000-8000-00000000cafe");
    }
    expect(seen.nonces.size).toBe(3);
    expect(seen.ids.size).toBe(3);
  });

  it("stores a form taken from a cached page under its own id", async () => {
    await fetchPage("/contact");
    const first = formSubmissionId((await fetchPage("/contact")).html);
    const second = formSubmissionId((await fetchPage("/contact")).html);
    const email = uniqueEmail();
    for (const submissionId of [first, second]) {
      const response = await postForm("/contact", { ...validContact(), email, submissionId });
      expect(response.status).toBe(302);
    }
    expect(await storedRows("contact_submissions", email)).toHaveLength(2);
  });

  it("renders a page with a flash toast for its visitor only, and never caches it", async () => {
    const posted = await postForm("/contact", { ...validContact(), submissionId: crypto.randomUUID() });
    const withToast = await fetchPage("/contact", { headers: { Cookie: cookieFrom(posted, "toast") } });
    expect(withToast.cache).toBe("bypass");
    expect(withToast.html).toContain("Message Sent Successfully");

    const anyoneElse = await fetchPage("/contact");
    expect(anyoneElse.html).not.toContain("Message Sent Successfully");
  });

  it("never caches staff pages, data requests, query strings or responses that are not plain pages", async () => {
    const password = "correct horse battery staple";
    const username = `cache-${crypto.randomUUID().slice(0, 8)}`;
    await createStaffUser(username, password);
    const cookie = sessionCookie(await pageLogin(username, password));

    const inbox = await fetchPage("/incoming", { headers: { Cookie: cookie } });
    expect(inbox.response.status).toBe(200);
    expect(inbox.cache).toBe("bypass");
    const anonymous = await fetchPage("/incoming", { redirect: "manual" });
    expect(anonymous.response.status).toBe(302);
    expect(anonymous.cache).toBe("bypass");
    expect(anonymous.html).not.toContain("Admin Panel");

    for (const path of ["/login", "/_root.data", "/?utm_source=x", "/api/health"]) {
      expect((await fetchPage(path)).cache, path).toBe("bypass");
    }
    // A 404 is rendered every time (as a miss), never stored.
    await fetchPage("/no-such-page");
    const notFound = await fetchPage("/no-such-page");
    expect(notFound.response.status).toBe(404);
    expect(notFound.cache).toBe("miss");
  });
});
