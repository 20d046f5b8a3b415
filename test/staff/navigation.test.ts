import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { apiLogin, createStaffUser, sessionCookie } from "../support/staff";

// The staff navigation is read from the pages' own handles (`staffNav`) and the routes above them:
// the owners see every entry, a staff member those outside the owners' layout, in the same order.

const OWNER_NAV = [
  ["Inbox", "/incoming"],
  ["Calendar", "/incoming/calendar"],
  ["Insights", "/incoming/insights"],
  ["Team", "/incoming/team"],
  ["Settings", "/incoming/settings"],
  ["Account", "/incoming/account"],
  ["Audit log", "/incoming/audit"],
];
const STAFF_NAV = OWNER_NAV.filter(([label]) => !["Team", "Settings", "Audit log"].includes(label!));

let owner: string;
let staff: string;

beforeAll(async () => {
  await createStaffUser("nav-owner", "nav owner password 123", "owner");
  await createStaffUser("nav-staff", "nav staff password 123", "staff");
  owner = sessionCookie(await apiLogin("nav-owner", "nav owner password 123"));
  staff = sessionCookie(await apiLogin("nav-staff", "nav staff password 123"));
});

/** The desktop navigation's links, as [label, href], and the one marked as the current page. */
async function staffNav(path: string, cookie: string) {
  const response = await fetchWorker(path, { headers: { Cookie: cookie } });
  const html = await response.text();
  const nav = /<nav aria-label="Staff"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  const links = [...nav.matchAll(/<a href="([^"]+)"([^>]*)>([^<]+)<\/a>/g)];
  return {
    status: response.status,
    links: links.map(([, href, , label]) => [label, href]),
    current: links
      .filter(([, , attributes]) => attributes!.includes('aria-current="page"'))
      .map(([, , , label]) => label),
  };
}

describe("the staff navigation", () => {
  it("lists every entry for an owner and the staff entries for a staff member, in order", async () => {
    expect((await staffNav("/incoming", owner)).links).toEqual(OWNER_NAV);
    expect((await staffNav("/incoming", staff)).links).toEqual(STAFF_NAV);
  });

  it("keeps a staff member's entries on the owners' pages they are refused", async () => {
    const refused = await staffNav("/incoming/audit", staff);
    expect(refused.status).toBe(403);
    expect(refused.links).toEqual(STAFF_NAV);
  });

  it("marks the entry a page belongs to: the inbox its records, the others their subpages", async () => {
    const [id] = await insertInboxRecords("contact", [{}]);
    expect((await staffNav(`/incoming/contact-messages/${id}`, owner)).current).toEqual(["Inbox"]);
    expect((await staffNav("/incoming/account/second-factor", owner)).current).toEqual(["Account"]);
    expect((await staffNav("/incoming/settings/capacity", owner)).current).toEqual(["Settings"]);
    expect((await staffNav("/incoming/settings/capacity", staff)).current).toEqual([]);
  });
});
