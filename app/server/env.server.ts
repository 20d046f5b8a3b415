import { z } from "~/forms/zod";

const binding = <T>(name: string, method: string) =>
  z.custom<T>(
    (value) => typeof value === "object" && value !== null && method in value,
    `the ${name} binding is missing: check wrangler.toml`,
  );

const envSchema = z.object({
  DB: binding<D1Database>("D1 (DB)", "prepare"),
  SESSIONS: binding<KVNamespace>("KV (SESSIONS)", "get"),
  SUBMISSION_LIMITER: binding<RateLimit>("rate limiter (SUBMISSION_LIMITER)", "limit"),
  CF_VERSION_METADATA: binding<WorkerVersionMetadata>("version metadata (CF_VERSION_METADATA)", "id"),
  SESSION_SECRET: z
    .string({ error: "SESSION_SECRET is not set: run `npm run setup:local` or `wrangler secret put SESSION_SECRET`" })
    .min(32, "SESSION_SECRET must be at least 32 characters"),
  // Optional canonical origin (https://example.com). Without it, absolute URLs use the request's origin.
  SITE_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Length of the failed-login window (default 15 minutes); tests lower it.
  LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(15 * 60),
  // Where the page cache keeps renderings: this isolate's memory in front of the platform's cache
  // (the default), or only one of them, which the bench measures (docs/decisions/004-page-cache.md).
  PAGE_CACHE_STORE: z.enum(["tiered", "isolate", "platform"]).default("tiered"),
});

export type AppEnv = z.infer<typeof envSchema>;

const validated = new WeakMap<object, AppEnv>();

/** Validates the Worker's bindings once per env object; a misconfigured deploy fails loudly. */
export function parseEnv(env: Env): AppEnv {
  const cached = validated.get(env);
  if (cached) return cached;
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new Error(`Invalid Worker configuration: ${z.prettifyError(result.error)}`);
  }
  validated.set(env, result.data);
  return result.data;
}

/** The origin of absolute URLs (canonical links, sitemap, social cards): SITE_URL, else the request's. */
export function siteOriginOf(request: Request, env: Pick<AppEnv, "SITE_URL">): string {
  return env.SITE_URL ? new URL(env.SITE_URL).origin : new URL(request.url).origin;
}
