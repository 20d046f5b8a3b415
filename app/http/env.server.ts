import type { D1Session } from "~/db/session.server";
import { z } from "~/forms/zod";

const binding = <T>(name: string, method: string) =>
  z.custom<T>(
    (value) => typeof value === "object" && value !== null && method in value,
    `the ${name} binding is missing: check wrangler.toml`,
  );

// An addr-spec of the common form (dot-atom local part, DNS domain): narrower than RFC 5322 and
// what the forms' email rule accepts, so anything that could end or fold a header line is refused.
const ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export function isMailAddress(value: string): boolean {
  return value.length <= 254 && ADDRESS.test(value);
}

const mailAddress = (name: string) =>
  z.email(`${name} must be an email address`).refine(isMailAddress, `${name} must be a plain address (name@domain)`);

const optionalSecret = (name: string) =>
  z
    .union([z.literal("").transform(() => undefined), z.string().min(32, `${name} must be at least 32 characters`)])
    .optional();

const envSchema = z
  .object({
    // The raw binding: only app/db/request-session.server.ts opens sessions on it (decision 068).
    DB: binding<D1Database>("D1 (DB)", "prepare"),
    SESSIONS: binding<KVNamespace>("KV (SESSIONS)", "get"),
    PHOTOS: binding<R2Bucket>("R2 (PHOTOS)", "head"),
    SUBMISSION_LIMITER: binding<RateLimit>("rate limiter (SUBMISSION_LIMITER)", "limit"),
    CF_VERSION_METADATA: binding<WorkerVersionMetadata>("version metadata (CF_VERSION_METADATA)", "id"),
    NOTIFY_EMAIL: binding<SendEmail>("send_email (NOTIFY_EMAIL)", "send"),
    NOTIFY_QUEUE: binding<Queue>("queue producer (NOTIFY_QUEUE)", "send"),
    // Who gets the shop's emails: one address or several, comma-separated.
    NOTIFY_TO: z
      .string({ error: "NOTIFY_TO is not set: the shop's email address(es), comma-separated" })
      .transform((value) =>
        value
          .split(",")
          .map((address) => address.trim())
          .filter(Boolean),
      )
      .pipe(z.array(mailAddress("each NOTIFY_TO address")).min(1, "NOTIFY_TO needs at least one address")),
    // The sender of the shop's emails: an address on the zone with Email Routing.
    NOTIFY_FROM: mailAddress("NOTIFY_FROM"),
    // The domain of the address customers' answers come back to (reply+<token>@<domain>, decision
    // 041), routed to this Worker's email() handler by Email Routing. Unset: NOTIFY_FROM's domain.
    REPLY_DOMAIN: z
      .string()
      .regex(
        /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/,
        "REPLY_DOMAIN must be a domain name, like reply.example.com",
      )
      .optional(),
    // A confirmation email to the visitor (needs a sending domain onboarded to Email Service).
    CONFIRM_VISITOR: z
      .enum(["true", "false"], { error: 'CONFIRM_VISITOR must be "true" or "false"' })
      .default("false")
      .transform((value) => value === "true"),
    // The first retry's delay after a failed send, doubled for each further one; the bench lowers it.
    NOTIFY_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    // The roots of every key (keys.server.ts, decision 058; the owner's guide says how to change them).
    SESSION_SECRET: z
      .string({ error: "SESSION_SECRET is not set: run `npm run setup:local` or `wrangler secret put SESSION_SECRET`" })
      .min(32, "SESSION_SECRET must be at least 32 characters"),
    // The session secret being replaced: what it signed still opens, nothing new is made with it.
    SESSION_SECRET_PREVIOUS: optionalSecret("SESSION_SECRET_PREVIOUS"),
    // The root of what outlives a session (customer links, reply addresses, recovery codes). Unset:
    // SESSION_SECRET, as before it existed.
    LINK_SECRET: optionalSecret("LINK_SECRET"),
    // Which configuration this is: wrangler.toml's top level says "local"; a deployed Worker is
    // production unless it says otherwise, so a deploy that forgets this still gets production's rules.
    ENVIRONMENT: z
      .enum(["local", "production"], { error: 'ENVIRONMENT must be "local" or "production"' })
      .default("production"),
    // The site's address (https://www.example.com), its origin only: every link that leaves the site
    // and the cross-site check use it (site-url.server.ts). Production requires it; locally, unset
    // means LOCAL_SITE_ORIGIN for links and the request's own origin for pages.
    SITE_URL: z
      .union([
        z.literal("").transform(() => undefined),
        z.url({ protocol: /^https?$/, error: "SITE_URL must be an http(s) URL, like https://www.example.com" }),
      ])
      .optional()
      .refine(
        (url) => url === undefined || /^https?:\/\/[^/?#]+\/?$/.test(url),
        "SITE_URL must be the site's address alone, without a path, like https://www.example.com",
      )
      .transform((url) => (url === undefined ? undefined : new URL(url).origin)),
    // Length of the failed-login window (default 15 minutes); tests lower it.
    LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(86_400)
      .default(15 * 60),
  })
  .superRefine((env, context) => {
    if (env.ENVIRONMENT !== "production") return;
    if (env.SITE_URL === undefined) {
      context.addIssue({
        code: "custom",
        path: ["SITE_URL"],
        message:
          "SITE_URL is not set: the site's address (https://www.example.com) in [env.production.vars]; the emails' links are built from it",
      });
    } else if (!env.SITE_URL.startsWith("https://")) {
      context.addIssue({
        code: "custom",
        path: ["SITE_URL"],
        message: "SITE_URL must start with https:// in production",
      });
    }
  });

/** The Worker's validated bindings, the D1 binding itself among them: what a session is opened on. */
export type WorkerBindings = z.infer<typeof envSchema>;

/**
 * What loaders, actions, jobs and tasks get: the bindings, with `DB` the D1 session opened for this
 * request, batch, trigger or email (docs/decisions/068-every-d1-read-through-a-session.md).
 */
export type AppEnv = Omit<WorkerBindings, "DB"> & { DB: D1Session };

const validated = new WeakMap<object, WorkerBindings>();

/**
 * Validates the Worker's bindings once per env object; a misconfigured deploy fails loudly. Only
 * the Worker's entry calls it, and hands the result to the session's opener
 * (test/architecture/d1-sessions.test.ts).
 */
export function parseEnv(env: Env): WorkerBindings {
  const cached = validated.get(env);
  if (cached) return cached;
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new Error(`Invalid Worker configuration: ${z.prettifyError(result.error)}`);
  }
  validated.set(env, result.data);
  return result.data;
}

/**
 * The origin of the pages' own absolute URLs (canonical links, sitemap, social cards): SITE_URL, else
 * (only locally, where SITE_URL may be unset) the request's. Links sent out of the site use
 * absoluteSiteUrl (site-url.server.ts) instead, which never reads the request.
 */
export function siteOriginOf(request: Request, env: Pick<AppEnv, "SITE_URL">): string {
  return env.SITE_URL ?? new URL(request.url).origin;
}
