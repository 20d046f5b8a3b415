import { createRequestHandler, RouterContextProvider } from "react-router";
import {
  cloudflareContext,
  cspNonceContext,
  formSubmissionIdContext,
  requestTimeContext,
  serverRoutesContext,
} from "../app/http/context.server";
import { parseEnv } from "../app/http/env.server";
import { openBackgroundDatabase, openRequestDatabase } from "../app/db/request-session.server";
import { SESSION_COOKIE_NAME } from "../app/features/sign-in/sign-in.server";
import { isDataRequest, refuseUnsupportedMethod, routeHomePagePost } from "../app/http/methods.server";
import { isPrivatePath } from "../app/private-paths";
import { cacheStatusHeader, freshTokens, isolateStore, pageStore, servePage } from "../app/rendering/page-cache.server";
import { NO_STORE } from "../app/http/responses.server";
import { pageContentChangesAt, settingsReaderFor, shopSettingsContext } from "../app/features/settings/settings.server";
import { catalogChangesAt, catalogContext, catalogReaderFor } from "../app/features/catalog/catalog.server";
import { applySecurityHeaders, createCspNonce, isCrossSiteWrite, withVouchedOrigin } from "../app/http/security.server";

const loadBuild = () => import("virtual:react-router/server-build");

// Given a function, React Router's handler derives the route tree again on every request (it
// flattens and ranks every route: its way to follow the dev server's rebuilds), which measured
// several milliseconds of each public read's CPU. Given the loaded build, it derives once per isolate.
// The build still loads at the first request, not at startup (decision 040); dev keeps following rebuilds.
let handlerOfBuild: ReturnType<typeof createRequestHandler> | undefined;
const requestHandler: ReturnType<typeof createRequestHandler> = import.meta.env.DEV
  ? createRequestHandler(loadBuild, import.meta.env.MODE)
  : async (request, context) => {
      handlerOfBuild ??= createRequestHandler(await loadBuild(), import.meta.env.MODE);
      return handlerOfBuild(request, context);
    };

/**
 * The queue's consumer with every feature's job handlers: the composition root hands them over, so
 * the queue knows no feature and no feature imports every other
 * (docs/decisions/057-features-register-their-jobs.md). Loaded at the first batch an isolate gets
 * (decision 040); the typecheck fails while a job type a feature declares has no handler here.
 */
async function loadJobConsumer() {
  const [{ createJobConsumer }, notifications, team, appointments, replies, estimates] = await Promise.all([
    import("../app/queue/jobs.server"),
    import("~/features/notifications/notifications.server"),
    import("~/features/team/team.server"),
    import("~/features/appointments/appointments.server"),
    import("~/features/replies/replies.server"),
    import("~/features/estimates/estimates.server"),
  ]);
  return createJobConsumer({
    ...notifications.notificationJobHandlers,
    ...team.teamJobHandlers,
    ...appointments.appointmentJobHandlers,
    ...appointments.waitlistJobHandlers,
    ...replies.replyJobHandlers,
    ...estimates.estimateJobHandlers,
  });
}

/** The Cron Triggers' runner with every feature's scheduled tasks (app/scheduled/scheduled.server.ts), loaded alike. */
export async function loadScheduledRunner() {
  const [
    { createScheduledRunner },
    submissions,
    audit,
    signIn,
    settings,
    notifications,
    replies,
    insights,
    appointments,
    estimates,
  ] = await Promise.all([
    import("../app/scheduled/scheduled.server"),
    import("~/features/submissions/submissions.server"),
    import("~/features/audit/audit.server"),
    import("~/features/sign-in/sign-in.server"),
    import("~/features/settings/settings.server"),
    import("~/features/notifications/notifications.server"),
    import("~/features/replies/replies.server"),
    import("~/features/insights/insights.server"),
    import("~/features/appointments/appointments.server"),
    import("~/features/estimates/estimates.server"),
  ]);
  return createScheduledRunner([
    ...submissions.submissionScheduledTasks,
    ...audit.auditScheduledTasks,
    ...signIn.signInScheduledTasks,
    ...settings.settingsScheduledTasks,
    ...notifications.notificationScheduledTasks,
    ...replies.replyScheduledTasks,
    ...insights.insightsScheduledTasks,
    ...appointments.appointmentScheduledTasks,
    ...estimates.estimateScheduledTasks,
  ]);
}

const crossSiteRefusal = () =>
  new Response("Cross-site requests are not allowed.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

/**
 * The Worker, reading each request's time from `now` once (docs/decisions/012-*.md). Production
 * runs one per isolate with the real clock; tests create one with a clock they set, to see the
 * pages as they are at a given minute.
 */
export function createWorker({
  now = () => new Date(),
  sharedPageCache = true,
}: {
  now?: () => Date;
  /** Off for tests that set their own clock: the platform's cache is shared by every Worker in a test run. */
  sharedPageCache?: boolean;
} = {}) {
  // Lives as long as the Worker, which is the isolate's life in production: the page cache's first tier.
  const pagesInThisIsolate = isolateStore();
  return {
    async fetch(incoming, env, ctx) {
      const requestTime = now();
      const nonce = createCspNonce();
      // A misconfigured Worker (production without SITE_URL, say) serves nothing: this throws.
      const bindings = parseEnv(env);
      const { routes } = await loadBuild();
      // Refused before any route runs: cross-site writes, and methods the route does not take.
      const refused = isCrossSiteWrite(incoming, bindings.SITE_URL)
        ? crossSiteRefusal()
        : refuseUnsupportedMethod(incoming, routes);
      if (refused) {
        applySecurityHeaders(refused.headers, nonce, { dev: import.meta.env.DEV });
        return refused;
      }
      // The request's one D1 session, `env.DB` from here on (docs/decisions/068-*.md); the request
      // continues without the bookmark cookie.
      const database = await openRequestDatabase(incoming, bindings, { memberCookie: SESSION_COOKIE_NAME });
      const appEnv = database.env;
      const request = routeHomePagePost(withVouchedOrigin(database.request));
      const store = pageStore({
        memory: pagesInThisIsolate,
        shared: sharedPageCache,
        version: appEnv.CF_VERSION_METADATA.id,
        waitUntil: (promise) => ctx.waitUntil(promise),
      });
      // The owner's settings (hours, closures, notice), read at most once per request and only
      // when something needs them: a page served from the cache does not.
      const shopSettings = settingsReaderFor(appEnv);
      // The services likewise (docs/decisions/059-the-catalog-in-d1.md).
      const catalog = catalogReaderFor(appEnv);
      const cache = {
        routes,
        store,
        clock: () => requestTime,
        contentChangesAt: async () =>
          catalogChangesAt(catalog, requestTime) ?? pageContentChangesAt(await shopSettings(), requestTime),
      };
      const served = await servePage(request, freshTokens(nonce), cache, (tokens) => {
        const context = new RouterContextProvider();
        context.set(cloudflareContext, { env: appEnv, ctx });
        context.set(requestTimeContext, requestTime);
        context.set(serverRoutesContext, routes);
        context.set(shopSettingsContext, shopSettings);
        context.set(catalogContext, catalog);
        context.set(cspNonceContext, tokens.nonce);
        context.set(formSubmissionIdContext, tokens.submissionId);
        return requestHandler(request, context);
      });
      // Responses built elsewhere may have immutable headers; copy before adding ours.
      const response = new Response(served.response.body, served.response);
      applySecurityHeaders(response.headers, nonce, { dev: import.meta.env.DEV });
      // Data requests carry per-visitor data; private paths answer staff, or say what exists there
      // (a 404 under /incoming included): no browser or proxy keeps either.
      // A private path's route may say otherwise (the public /api/shop-hours is cacheable for a minute).
      const privateUnsaid = isPrivatePath(new URL(request.url).pathname) && !response.headers.has("Cache-Control");
      if (isDataRequest(request) || privateUnsaid) {
        response.headers.set("Cache-Control", NO_STORE["Cache-Control"]);
      }
      response.headers.set("Cache-Status", cacheStatusHeader(served.cache));
      await database.keepBookmark(response);
      return response;
    },

    // The other handlers load their code when they first run: an isolate that only serves pages
    // never evaluates the mail parser, the MIME builder or the jobs (decision 040, startup time).

    // The NOTIFY_QUEUE consumer (app/queue/jobs.server.ts): each job to the feature that handles it.
    async queue(batch, env) {
      const handleJobBatch = await loadJobConsumer();
      await handleJobBatch(batch, openBackgroundDatabase(parseEnv(env)), now());
    },

    // Email Routing's deliveries to reply+<token>@ addresses: customers' answers (app/features/replies/).
    async email(message, env) {
      const { receiveEmail } = await import("~/features/replies/replies.server");
      const received = await receiveEmail(message, openBackgroundDatabase(parseEnv(env)), now());
      console.log("Incoming email", received);
    },

    // Cron Triggers (wrangler.toml): each runs the tasks the features registered for it.
    async scheduled(controller, env) {
      const scheduled = await loadScheduledRunner();
      await scheduled.run(controller, openBackgroundDatabase(parseEnv(env)));
    },
  } satisfies ExportedHandler<Env>;
}

export default createWorker();
