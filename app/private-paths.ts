/**
 * Paths that are not public pages: the staff inbox, its sign-in and reset pages, invitation links
 * and the JSON API. This is the one list that robots.txt (Disallow), the root layout (the noindex
 * meta tag and the speculation rules that prefetch pages) and the page cache (which never stores
 * them) read.
 *
 * A path is private when it starts with one of these prefixes, which is also how robots.txt
 * matches its Disallow lines and how the speculation rules below match links.
 */
export const PRIVATE_PATH_PREFIXES = ["/incoming", "/login", "/join", "/api", "/appointments", "/estimates"] as const;

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** The staff pages (`/incoming` and below): their own header, without the site's hours, notice or footer. */
export function isStaffPath(pathname: string): boolean {
  return pathname === "/incoming" || pathname.startsWith("/incoming/");
}
