import { env } from "cloudflare:test";
import { beforeAll, beforeEach } from "vitest";
import type { InboxKind } from "~/records/kinds";
import { insertInboxRecords, inboxTable } from "../support/inbox";
import { apiLogin, createStaffUser, sessionCookie } from "../support/staff";

// What the insights' Worker tests share: the clock, an owner and a staff member, records whose
// figures are known. Each file calls setUpInsightsAccounts() for its own D1.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
// Wednesday, November 18, 2026, 12:00 PM in Pikesville (EST).
export const NOW = new Date("2026-11-18T17:00:00Z");

export const OWNER = { username: "insights-owner", password: "insights owner has a long password" };
export const STAFF = { username: "insights-staff", password: "insights staff has a long password" };

/** The two accounts, and an empty inbox with the response record off before each test. */
export function setUpInsightsAccounts() {
  beforeAll(async () => {
    await createStaffUser(OWNER.username, OWNER.password, "owner");
    await createStaffUser(STAFF.username, STAFF.password, "staff");
  });

  beforeEach(async () => {
    await env.DB.batch([
      env.DB.prepare("delete from contact_submissions"),
      env.DB.prepare("delete from service_requests"),
      env.DB.prepare("update shop_settings set show_response_record = 0, response_record = null"),
    ]);
  });
}

export const signIn = async (who: typeof OWNER, at = NOW) =>
  sessionCookie(await apiLogin(who.username, who.password, { at }));

/** Records submitted `ago` before NOW, first reached `wait` later (null: not yet). */
export async function addRecords(
  kind: InboxKind,
  records: { ago: number; wait: number | null; status?: "new" | "contacted" | "closed" | "spam" }[],
) {
  const ids = await insertInboxRecords(
    kind,
    records.map(({ ago, wait, status }) => ({
      submittedAt: NOW.getTime() - ago,
      status: status ?? (wait === null ? "new" : "contacted"),
    })),
  );
  await env.DB.batch(
    records.map(({ ago, wait }, index) =>
      env.DB.prepare(`update ${inboxTable(kind)} set first_contact_at = ? where id = ?`).bind(
        wait === null ? null : NOW.getTime() - ago + wait,
        ids[index]!,
      ),
    ),
  );
}

// Ten contact messages reached after 10, 30 and 50 minutes, 2, 3, 5, 20, 23, 30 and 48 hours
// (sent 3 days ago, so none is pending): median (the 5th) 3 h, 90th percentile (the 9th) 30 h,
// 8 of 10 within 24 hours, 3 within the hour. One more sent 3 days ago and never reached is late
// for both; one sent 30 minutes ago is not decided yet; a spam one does not count.
export const TEN_WAITS = [
  10 * MINUTE,
  30 * MINUTE,
  50 * MINUTE,
  2 * HOUR,
  3 * HOUR,
  5 * HOUR,
  20 * HOUR,
  23 * HOUR,
  30 * HOUR,
  48 * HOUR,
];
export const DAYS_3 = 72 * HOUR;

export async function addKnownSet() {
  await addRecords("contact", [
    ...TEN_WAITS.map((wait) => ({ ago: DAYS_3, wait })),
    { ago: DAYS_3, wait: null },
    { ago: 30 * MINUTE, wait: null },
    { ago: HOUR, wait: 5 * MINUTE, status: "spam" as const },
  ]);
}
