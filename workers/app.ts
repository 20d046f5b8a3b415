import { createRequestHandler, RouterContextProvider } from "react-router";
import {
  cloudflareContext,
  cspNonceContext,
  formSubmissionIdContext,
  requestTimeContext,
} from "../app/server/context.server";
import { parseEnv } from "../app/server/env.server";
import { freshTokens, type PageCacheStatus, servePage } from "../app/server/page-cache.server";
import { applySecurityHeaders, createCspNonce, isCrossSiteWrite } from "../app/server/security.server";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

/**
 * The Worker, reading each request's time from `now` once. Production runs it with the real
 * clock; tests create one with a fixed clock to see the pages as they are at a given minute.
 */
export function createWorker({ now = () => new Date() }: { now?: () => Date } = {}) {
  return {
    async fetch(request, env, ctx) {
      const requestTime = now();
      const nonce = createCspNonce();
      let response: Response;
      let cacheStatus: PageCacheStatus = "bypass";
      if (isCrossSiteWrite(request)) {
        response = new Response("Cross-site requests are not allowed.", {
          status: 403,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        });
      } else {
        const served = await servePage(request, { tokens: freshTokens(nonce), now: requestTime }, (tokens) => {
          const context = new RouterContextProvider();
          context.set(cloudflareContext, { env: parseEnv(env), ctx });
          context.set(requestTimeContext, requestTime);
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
  } satisfies ExportedHandler<Env>;
}

export default createWorker();
