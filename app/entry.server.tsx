import { renderToReadableStream } from "react-dom/server";
import {
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type RouterContextProvider,
} from "react-router";
import { deferredLoginForm } from "~/features/sign-in/sign-in.server";
import { deferredForms as publicForms } from "~/features/submissions/submissions";
import { NonceProvider } from "./ui/nonce-provider";
import { wantsHydration } from "./route-handle";
import { cspNonceContext } from "./http/context.server";
import { deferPageScripts } from "./rendering/defer-scripts.server";

/** Every form whose code loads late in the browser: rendered whole here, so loaded before any page. */
const deferredForms = [...publicForms, deferredLoginForm];

export const streamTimeout = 5_000;

/**
 * What React Router logs: real failures, with their stack. A 4xx it answers itself (a POST to a page
 * without a form is 405) is an answer to a client's mistake, not a server error; a client that went
 * away is not one either.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // The forms that hydrate later are rendered whole on the server: load their code first
  // (docs/decisions/002-deferred-form-hydration.md).
  await Promise.all(deferredForms.map((form) => form.load()));
  const nonce = loadContext.get(cspNonceContext);
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      // React moves a finished Suspense boundary larger than this out of line, to be swapped in by
      // a script; a form must stay in place for visitors without JavaScript.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell is rendered are logged by React Router itself.
        if (shellRendered) console.error("Rendering failed after the shell", error);
      },
    },
  );
  shellRendered = true;
  // Every page's content is known when the loaders finish; sending it whole keeps
  // crawlers, no-JavaScript visitors and the measured LCP on one complete document.
  await body.allReady;

  const matches = routerContext.staticHandlerContext.matches.map((match): { handle: unknown } => ({
    handle: match.route.handle,
  }));
  const html = deferPageScripts(await new Response(body).text(), nonce, {
    path: new URL(request.url).pathname,
    hydrates: wantsHydration(matches),
  });

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}
