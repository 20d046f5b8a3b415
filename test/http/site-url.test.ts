import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createWorker } from "../../workers/app";
import { absoluteSiteUrl, LOCAL_SITE_ORIGIN } from "~/http/site-url.server";
import { parseEnv } from "~/http/env.server";
import { newClientAddress } from "../support/http";
import { uniqueEmail, validContact } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue, runCron } from "../support/queue";

// Links in the shop's emails, and the origin a write must come from, are the site's own: the
// configured SITE_URL (required in production), never whatever Host a request names.

const vars = (values: Record<string, string>): Partial<Env> => Object.assign({}, values);
const shop = vars({ SITE_URL: "https://shop.example" });
const production = (siteUrl?: string) =>
  vars({ ENVIRONMENT: "production", ...(siteUrl === undefined ? {} : { SITE_URL: siteUrl }) });

/** A request to any URL (so any Host), through the Worker with some bindings replaced. */
async function fetchAt(url: string, init: RequestInit, bindings: Partial<Env> = {}) {
  const ctx = createExecutionContext();
  const request = new Request(url, init) as Request<unknown, IncomingRequestCfProperties>;
  const response = await createWorker().fetch(request, { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const contactPost = (origin?: string) => ({
  method: "POST",
  headers: {
    "Content-Type": "application/json",
    "CF-Connecting-IP": newClientAddress(),
    ...(origin ? { Origin: origin } : {}),
  },
  body: JSON.stringify({ ...validContact(), email: uniqueEmail() }),
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the links in the shop's emails", () => {
  it("come from SITE_URL, whatever Host the submission was sent to", async () => {
    const queue = recordingQueue();
    const response = await fetchAt("http://evil.example/api/contact", contactPost(), { ...shop, NOTIFY_QUEUE: queue });
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    const mailer = recordingMailer();
    await deliverQueued(queue, { ...shop, NOTIFY_EMAIL: mailer.binding });
    const { mail } = mailer.sent.find((sent) => sent.raw.includes(id))!;
    expect(mail.text).toContain(`Open in the inbox: https://shop.example/incoming/contact-messages/${id}`);
    expect(mail.html).toContain(`href="https://shop.example/incoming/contact-messages/${id}"`);
    expect(mail.text + mail.html).not.toContain("evil.example");
  });

  it("locally, without SITE_URL, use the local origin, never the request's Host", async () => {
    const queue = recordingQueue();
    const response = await fetchAt("http://evil.example/api/contact", contactPost(), { NOTIFY_QUEUE: queue });
    const { id } = await response.json<{ id: string }>();
    const mailer = recordingMailer();
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    const { mail } = mailer.sent.find((sent) => sent.raw.includes(id))!;
    expect(mail.text).toContain(`Open in the inbox: ${LOCAL_SITE_ORIGIN}/incoming/contact-messages/${id}`);
    expect(mail.text + mail.html).not.toContain("evil.example");
  });

  it("in the digest come from SITE_URL too", async () => {
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "insert into contact_submissions (id, first_name, last_name, email, phone, message, submitted_at) values (?, 'Dora', 'Digest', 'd@example.com', '4105550100', 'Oil.', ?)",
    )
      .bind(id, Date.now() - 30 * 3_600_000)
      .run();
    const queue = recordingQueue();
    queue.bodies.push({ type: "digest", shopDate: "2031-02-03" });
    const mailer = recordingMailer();
    await deliverQueued(queue, { ...shop, NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent[0]!.mail.text).toContain(`https://shop.example/incoming/contact-messages/${id}`);
  });
});

describe("absoluteSiteUrl", () => {
  it("is the configured site's URL for a path, for every link that leaves the site", () => {
    const configured = parseEnv({ ...env, ...shop });
    expect(absoluteSiteUrl(configured, "/incoming/contact-messages/abc")).toBe(
      "https://shop.example/incoming/contact-messages/abc",
    );
    expect(absoluteSiteUrl(configured, "/reset-password?token=x y")).toBe(
      "https://shop.example/reset-password?token=x%20y",
    );
    expect(absoluteSiteUrl(parseEnv({ ...env }), "/login")).toBe(`${LOCAL_SITE_ORIGIN}/login`);
  });
});

describe("the cross-site check with SITE_URL set", () => {
  it("refuses an Origin that matches the request's Host but not the site", async () => {
    const response = await fetchAt("http://evil.example/api/contact", contactPost("http://evil.example"), shop);
    expect(response.status).toBe(403);
  });

  it("compares the whole origin, scheme included", async () => {
    for (const origin of ["http://shop.example", "https://shop.example:8443", "https://www.shop.example"]) {
      const response = await fetchAt("https://shop.example/api/contact", contactPost(origin), shop);
      expect(response.status, origin).toBe(403);
    }
  });

  it("lets the site's own pages post", async () => {
    const response = await fetchAt("https://shop.example/api/contact", contactPost("https://shop.example"), shop);
    expect(response.status).toBe(201);
  });
});

describe("the Worker in production", () => {
  it("refuses to serve anything without SITE_URL, and says which setting is missing", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const bindings of [production(), production("")]) {
      await expect(fetchAt("https://shop.example/", {}, bindings)).rejects.toThrow(/SITE_URL/);
    }
    expect(() => parseEnv({ ...env, ...production() })).toThrow(/SITE_URL is not set/);
    errors.mockRestore();
  });

  it("refuses a SITE_URL that is not https, or that has a path", () => {
    expect(() => parseEnv({ ...env, ...production("http://shop.example") })).toThrow(/https/);
    expect(() => parseEnv({ ...env, ...production("https://shop.example/shop") })).toThrow(/SITE_URL/);
  });

  it("serves pages and runs its scheduled jobs with SITE_URL set", async () => {
    const response = await fetchAt("https://shop.example/", {}, production("https://shop.example"));
    expect(response.status).toBe(200);
    await runCron("*/5 * * * *", new Date(), production("https://shop.example"));
  });
});
