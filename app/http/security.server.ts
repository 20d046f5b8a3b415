import { encodeBase64 } from "@oslojs/encoding";
export function createCspNonce(): string {
  return encodeBase64(crypto.getRandomValues(new Uint8Array(16)));
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site form posts and fetches are refused before any action runs. Browsers send
 * Sec-Fetch-Site and Origin; clients that send neither (curl, server-to-server) are allowed. An
 * Origin must be the site's whole origin, scheme and port included: the configured one (SITE_URL)
 * where it is set, since a request's own origin is only the Host it chose to name; locally, without
 * SITE_URL, the request's.
 */
export function isCrossSiteWrite(request: Request, siteOrigin: string | undefined): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite === "cross-site") return true;
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  // A page served with Referrer-Policy: no-referrer (a join or reset link) posts its form with
  // `Origin: null`; the browser's own Sec-Fetch-Site, which no page can set, still says same-origin.
  if (origin === "null" && fetchSite === "same-origin") return false;
  return origin !== (siteOrigin ?? new URL(request.url).origin);
}

// One policy for every page, with a fresh nonce per response (docs/decisions/005-csp-nonce.md).
export function contentSecurityPolicy(nonce: string, { dev = false } = {}): string {
  return [
    "default-src 'self'",
    // Script files only from this origin; inline scripts only with this response's nonce.
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`,
    // Inline style attributes come from Radix toast positioning; no inline scripts are allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join("; ");
}

export function applySecurityHeaders(headers: Headers, nonce: string, options?: { dev?: boolean }) {
  // A file served as itself (a service's photo) keeps its own stricter policy, which allows nothing
  // by default ("default-src 'none'"); every other response gets the pages' policy.
  if (!headers.get("Content-Security-Policy")?.startsWith("default-src 'none'"))
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, options));
  headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  // A page whose address holds a secret (a join or reset link) asks for no-referrer: it stays.
  if (headers.get("Referrer-Policy") !== "no-referrer")
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  // A page opened from another site (or that opens one) shares no window with it.
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
}

/**
 * A form posted from a page served with Referrer-Policy: no-referrer carries `Origin: null`, which
 * React Router's own CSRF check refuses. isCrossSiteWrite has already accepted it on the strength
 * of Sec-Fetch-Site: same-origin; this names the origin the browser vouched for.
 */
export function withVouchedOrigin(request: Request): Request {
  if (request.headers.get("Origin") !== "null" || request.headers.get("Sec-Fetch-Site") !== "same-origin") {
    return request;
  }
  const headers = new Headers(request.headers);
  headers.set("Origin", new URL(request.url).origin);
  return new Request(request, { headers });
}
