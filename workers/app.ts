import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext, cspNonceContext, formSubmissionIdContext } from "../app/server/context.server";
import { parseEnv } from "../app/server/env.server";
import { freshTokens, type PageCacheStatus, servePage } from "../app/server/page-cache.server";
import { runScheduledJobs } from "../app/server/scheduled.server";
import { applySecurityHeaders, createCspNonce, isCrossSiteWrite } from "../app/server/security.server";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default {
  async fetch(request, env, ctx) {
    const nonce = createCspNonce();
    let response: Response;
    let cacheStatus: PageCacheStatus = "bypass";
    if (isCrossSiteWrite(request)) {
      response = new Response("Cross-site requests are not allowed.", {
        status: 403,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    } else {
      const served = await servePage(request, freshTokens(nonce), (tokens) => {
        const context = new RouterContextProvider();
        context.set(cloudflareContext, { env: parseEnv(env), ctx });
        context.set(cspNonceContext, tokens.nonce);
        context.set(formSubmissionIdContext, tokens.submissionId);
        return requestHandler(request, context);
      });
      response = served.response;
      cacheStatus = served.cache;
    }
    // Responses built elsewhere may have immutable headers; copy before adding ours.
    const secured = new Response(response.body, response);
    applySecurityHeaders(secured.headers, nonce, { dev: import.meta.env.DEV });
    secured.headers.set("X-Page-Cache", cacheStatus);
    return secured;
  },

  // Cron Triggers (wrangler.toml): the jobs of each cron are listed in app/server/scheduled.server.ts.
  async scheduled(controller, env) {
    await runScheduledJobs(controller.cron, parseEnv(env), new Date(controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
