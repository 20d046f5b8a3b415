/**
 * React Router's <Scripts> starts downloading the app as soon as the page parses: a
 * <link rel="modulepreload"> per module and an inline module script whose imports fetch at once.
 * On a phone with a weak connection that ~115 KB competes with the stylesheet and delays the
 * first paint. This keeps that script inert (type="text/plain"), drops the preload hints, and
 * adds a small script that brings it to life once the page has loaded and its first content has
 * been painted. The live copy replaces the inert element in place, so hydration finds it where
 * the server put it. Until then the page is plain HTML, and its forms work as such.
 * Why, what it measured and how to undo it: docs/decisions/003-scripts-start-after-paint.md.
 *
 * This rewrites React Router's markup, so it recognizes exactly one shape of it (checked against
 * the real rendered pages by test/rendering/defer-scripts.test.ts) and reports anything else instead of
 * guessing: deferPageScripts logs an error when a page that should hydrate was not recognized.
 */

export type DeferredScripts =
  | { outcome: "deferred"; html: string }
  /** No module script at all: a page that ships no JavaScript. */
  | { outcome: "no-module-script"; html: string }
  /** Module script markup this does not know; the page is returned as React Router made it. */
  | { outcome: "unrecognized"; html: string; detail: string };

export const DEFERRED_ATTRIBUTE = "data-run-after-paint";

// What React Router 8's <Scripts nonce> renders through React: the nonce, then type and async.
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/g;
const ANY_MODULE_SCRIPT = /<script\b[^>]*\btype="module"/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

export function deferAppScripts(html: string, nonce: string): DeferredScripts {
  const moduleScripts = html.match(ANY_MODULE_SCRIPT)?.length ?? 0;
  if (moduleScripts === 0) return { outcome: "no-module-script", html };
  const recognized = html.match(MODULE_SCRIPT)?.length ?? 0;
  if (moduleScripts !== 1 || recognized !== 1) {
    return {
      outcome: "unrecognized",
      html,
      detail: `${moduleScripts} module script(s), ${recognized} in the expected form <script nonce type="module" async="">`,
    };
  }
  if (html.split("</body>").length !== 2) {
    return { outcome: "unrecognized", html, detail: "no single </body> to put the starter script before" };
  }
  const inert = html
    .replace(MODULE_SCRIPT, `<script$1 type="text/plain" ${DEFERRED_ATTRIBUTE}="">`)
    .replace(MODULE_PRELOAD, "")
    .replace("</body>", `<script nonce="${nonce}">${RUN_AFTER_PAINT}</script></body>`);
  return { outcome: "deferred", html: inert };
}

/**
 * deferAppScripts for a rendered page. A page that should hydrate but whose module script was not
 * recognized is sent as React Router made it (it works, but loads its script before the first
 * paint), and the error log says that React Router's markup has changed.
 */
export function deferPageScripts(html: string, nonce: string, page: { path: string; hydrates: boolean }): string {
  const result = deferAppScripts(html, nonce);
  if (page.hydrates && result.outcome !== "deferred") {
    const detail = result.outcome === "unrecognized" ? result.detail : "no module script";
    console.error(
      `defer-scripts: ${page.path} should hydrate, but its module script was not deferred (${detail}); React Router's script markup may have changed (app/rendering/defer-scripts.server.ts)`,
    );
  }
  return result.html;
}

// Starts the inert module script once the page has loaded and the browser has presented its
// first contentful paint. The paint timing entry arrives after the frame is on screen; on a
// busy phone that can be well after the frame was produced, and a script started earlier would
// compete with that paint. Browsers without paint timing start it one frame after load.
const RUN_AFTER_PAINT = [
  "(()=>{",
  'let loaded=document.readyState==="complete",',
  'painted=!window.PerformanceObserver?.supportedEntryTypes?.includes("paint"),started=false;',
  "const start=()=>{if(!loaded||!painted||started)return;started=true;",
  "requestAnimationFrame(()=>setTimeout(()=>{",
  `for(const s of document.querySelectorAll("script[${DEFERRED_ATTRIBUTE}]")){`,
  'const m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)}',
  "}))};",
  'if(!loaded)addEventListener("load",()=>{loaded=true;start()});',
  'if(!painted)new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){',
  'observer.disconnect();painted=true;start()}}).observe({type:"paint",buffered:true});',
  "start()})()",
].join("");
