import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createWorker } from "../../workers/app";
import { cookieFrom, fetchWorker, newClientAddress } from "../support/http";
import { uniqueEmail, validContact } from "../support/inbox";
import { recordingMailer } from "../support/queue";
import { createStaffUser } from "../support/staff";

// Every decision a request makes about "now" uses the one instant the Worker read for it
// (docs/decisions/012-request-time-and-open-now.md). Each test pins the Worker's clock years away
// from the machine's, so a wall-clock reading anywhere on the path shows up as a wrong value.

const pinned = new Date("2031-03-04T15:30:00Z");
const at = { at: pinned };

async function loginAt(username: string, password: string, client: string) {
  return fetchWorker(
    "/api/login",
    {
      method: "POST",
      headers: { "CF-Connecting-IP": client, "Content-Type": "application/json" },
      body: JSON.stringify({ username, password }),
    },
    at,
  );
}

/** The device cookie's signed JSON, read without checking the signature (the test only reads it). */
function deviceCookieData(response: Response): { issuedAt: number } {
  const value = decodeURIComponent(cookieFrom(response, "__Host-device").split("=").slice(1).join("="));
  const payload = value.slice(0, value.lastIndexOf("."));
  return JSON.parse(decodeURIComponent(escape(atob(payload)))) as { issuedAt: number };
}

describe("the request's time", () => {
  it("dates the footer's copyright line", async () => {
    const html = await (await fetchWorker("/about", {}, at)).text();
    expect(html.replaceAll("<!-- -->", "")).toContain("© 2031 ");
  });

  it("starts the login throttle's windows and dates the device cookie", async () => {
    await createStaffUser("clock-keeper", "a password for the clock");
    const client = newClientAddress();
    const response = await loginAt("clock-keeper", "a password for the clock", client);
    expect(response.status).toBe(200);
    expect(deviceCookieData(response).issuedAt).toBe(pinned.getTime());

    await loginAt("clock-keeper", "not the password at all", client);
    const { results } = await env.DB.prepare("select window_started_at from login_throttle where key like ?")
      .bind("%clock-keeper%")
      .all<{ window_started_at: number }>();
    expect(results.length).toBeGreaterThan(0);
    for (const row of results) expect(row.window_started_at).toBe(pinned.getTime());
  });

  it("names the CSV export after the shop's date", async () => {
    await createStaffUser("clock-exporter", "a password for the export");
    const login = await loginAt("clock-exporter", "a password for the export", newClientAddress());
    const cookie = cookieFrom(login, "__Host-session");
    const csv = await fetchWorker("/api/contact-submissions.csv", { headers: { Cookie: cookie } }, at);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="contact-messages-2031-03-04.csv"');
  });

  it("makes a new submission's email due, and the queue's delivery happen, at the Worker's time", async () => {
    const email = uniqueEmail();
    const posted = await fetchWorker(
      "/api/contact",
      {
        method: "POST",
        headers: { "CF-Connecting-IP": newClientAddress(), "Content-Type": "application/json" },
        body: JSON.stringify({ ...validContact(), email }),
      },
      at,
    );
    expect(posted.status).toBe(201);
    const { id } = await posted.json<{ id: string }>();
    const due = await env.DB.prepare("select due_at from notification_ledger where submission_id = ?")
      .bind(id)
      .first<number>("due_at");
    expect(due).toBe(pinned.getTime());

    const delivered = new Date(pinned.getTime() + 60_000);
    const mailer = recordingMailer();
    let acked = false;
    const message = {
      id: "clock-1",
      timestamp: delivered,
      body: { type: "notify", form: "contact", id },
      attempts: 1,
      ack: () => void (acked = true),
      retry: () => undefined,
    };
    const batch: MessageBatch = {
      queue: "pikesville-auto-repair-notifications",
      messages: [message],
      metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } },
      ackAll: () => undefined,
      retryAll: () => undefined,
    };
    await createWorker({ now: () => delivered }).queue(batch, { ...env, NOTIFY_EMAIL: mailer.binding });
    expect(acked).toBe(true);
    const notified = await env.DB.prepare("select notified_at from notification_ledger where submission_id = ?")
      .bind(id)
      .first<number>("notified_at");
    expect(notified).toBe(delivered.getTime());
  });
});
