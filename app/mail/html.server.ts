import { shop } from "~/content/shop";
import { escapeHtml } from "./mime.server";

// What every email the shop sends shares: the sender's name, and the HTML page and link styles.

/** The shop as the sender: its name, at the configured address. */
export const shopSender = (address: string) => ({ address, name: shop.name });

/** An email's HTML body: the shop's type, on any mail client's white. */
export const htmlPage = (body: string) =>
  `<!doctype html><html><body style="margin:0;padding:16px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:15px;line-height:1.5;color:#0f172a">${body}</body></html>`;

/** A link, escaped, in the shop's blue. */
export const htmlLink = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}" style="color:#1e3a8a">${escapeHtml(text)}</a>`;
