/**
 * Memoizes a text that depends only on the deploy and the site's origin (robots.txt, the sitemap):
 * rendered once, then served from module scope for the life of the isolate, which never outlives
 * its deploy. One entry: the origin is SITE_URL, or the address the site was reached at, which
 * changes only if the Worker answers on two addresses; then the text is rendered again.
 */
export function renderOncePerOrigin(render: (origin: string) => string): (origin: string) => string {
  let last: { origin: string; text: string } | undefined;
  return (origin) => {
    if (last?.origin !== origin) last = { origin, text: render(origin) };
    return last.text;
  };
}
