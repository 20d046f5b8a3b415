/**
 * React Router's <Scripts> starts downloading the app as soon as the page parses: a
 * <link rel="modulepreload"> per module and an inline module script whose imports fetch at once.
 * On a phone with a weak connection that ~120 KB competes with the stylesheet and delays the
 * first paint. This keeps that script inert (type="text/plain"), drops the preload hints, and
 * adds a small script that brings it to life once the page has loaded and painted a frame (a
 * timeout queued from requestAnimationFrame runs after that frame). The live copy replaces the
 * inert element in place, so hydration finds it where the server put it. Until then the page
 * is plain HTML, and its forms work as such.
 */
export function deferAppScripts(html: string, nonce: string): string {
  const inert = html.replace(
    /<script( nonce="[^"]*")? type="module" async="">/,
    `<script$1 type="text/plain" ${DEFERRED_ATTRIBUTE}="">`,
  );
  // No module script (a page without JavaScript), or markup this no longer recognizes: leave
  // the page as React Router made it, which works, only sooner.
  if (inert === html) return html;
  return inert
    .replace(/<link rel="modulepreload"[^>]*>/g, "")
    .replace("</body>", `<script nonce="${nonce}">${RUN_AFTER_PAINT}</script></body>`);
}

const DEFERRED_ATTRIBUTE = "data-run-after-paint";

const RUN_AFTER_PAINT = `addEventListener("load",()=>requestAnimationFrame(()=>setTimeout(()=>{for(const s of document.querySelectorAll("script[${DEFERRED_ATTRIBUTE}]")){const m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)}})))`;
