import { describe, expect, it } from "vitest";
import { fetchWorker } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { ownerAndStaff } from "../support/staff";

// The staff navigation is read from the pages' own handles (`staffNav`) and the routes above them:
// the owners see every entry, a staff member those not behind the owners' gate, in the same order.

// Today's entries, in order. A new staff page adds its entry among them without changing this test:
// the lists must hold these in this order, and every entry is checked by what its page answers.
const KNOWN = [
  "Inbox /incoming",
  "Calendar /incoming/calendar",
  "Insights /incoming/insights",
  "Team /incoming/team",
  "Settings /incoming/settings",
  "Account /incoming/account",
  "Audit log /incoming/audit",
];
const OWNERS_ONLY = ["Team /incoming/team", "Settings /incoming/settings", "Audit log /incoming/audit"];

/** Whether `list` holds every entry of `part`, in the same order. */
function holdsInOrder(list: string[], part: string[]): boolean {
  let from = 0;
  return part.every((entry) => (from = list.indexOf(entry, from) + 1) > 0);
}

const sessions = ownerAndStaff("nav");

/** The desktop navigation's links as "label href", and the labels marked as the current page. */
async function staffNav(path: string, cookie: string) {
  const response = await fetchWorker(path, { headers: { Cookie: cookie } });
  const html = await response.text();
  const nav = /<nav aria-label="Staff"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  const links = [...nav.matchAll(/<a href="([^"]+)"([^>]*)>([^<]+)<\/a>/g)].map(([, href, attributes, label]) => ({
    entry: `${label} ${href}`,
    href: href!,
    current: attributes!.includes('aria-current="page"'),
    label: label!,
  }));
  return {
    status: response.status,
    entries: links.map(({ entry }) => entry),
    hrefs: links.map(({ href }) => href),
    current: links.filter(({ current }) => current).map(({ label }) => label),
  };
}

describe("the staff navigation", () => {
  it("lists every entry for an owner and the staff entries for a staff member, in order", async () => {
    const forOwner = await staffNav("/incoming", sessions.owner);
    const forStaff = await staffNav("/incoming", sessions.staff);
    expect(holdsInOrder(forOwner.entries, KNOWN), forOwner.entries.join(", ")).toBe(true);
    const staffKnown = KNOWN.filter((entry) => !OWNERS_ONLY.includes(entry));
    expect(holdsInOrder(forStaff.entries, staffKnown), forStaff.entries.join(", ")).toBe(true);
    expect(holdsInOrder(forOwner.entries, forStaff.entries)).toBe(true);
    // Each entry opens its page; an entry a staff member lacks is a page they are refused.
    for (const href of forOwner.hrefs) {
      expect((await fetchWorker(href, { headers: { Cookie: sessions.owner } })).status, href).toBe(200);
      const staffStatus = (await fetchWorker(href, { headers: { Cookie: sessions.staff } })).status;
      expect(staffStatus, href).toBe(forStaff.hrefs.includes(href) ? 200 : 403);
    }
  });

  it("keeps a staff member's entries on the owners' pages they are refused", async () => {
    const refused = await staffNav("/incoming/audit", sessions.staff);
    expect(refused.status).toBe(403);
    expect(refused.entries).toEqual((await staffNav("/incoming", sessions.staff)).entries);
  });

  it("marks the entry a page belongs to: the inbox its records, the others their subpages", async () => {
    const [id] = await insertInboxRecords("contact", [{}]);
    expect((await staffNav(`/incoming/contact-messages/${id}`, sessions.owner)).current).toEqual(["Inbox"]);
    expect((await staffNav("/incoming/account/second-factor", sessions.owner)).current).toEqual(["Account"]);
    expect((await staffNav("/incoming/settings/capacity", sessions.owner)).current).toEqual(["Settings"]);
    expect((await staffNav("/incoming/settings/capacity", sessions.staff)).current).toEqual([]);
  });
});
