import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatPhone } from "~/forms/phone-link";
import { fetchWorker, ORIGIN } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { apiLogin, createStaffUser, sessionCookie, staffApi, staffSessionCookie } from "../support/staff";

// The call-back desk (issue 21, decision 037): the call log and its first contact, the automatic
// `contacted`, follow-ups and assignment on PATCH, and the `?due` and `?assignee` list filters.

let cookie: string;
beforeAll(async () => {
  cookie = await staffSessionCookie("desk-dana");
  await env.DB.prepare("update users set display_name = 'Dana Desk' where username = 'desk-dana'").run();
  await createStaffUser("desk-sam", "desk-sam long enough password", "staff");
  await createStaffUser("desk-gone", "desk-gone long enough password", "staff");
  await env.DB.prepare("update users set disabled_at = 1 where username = 'desk-gone'").run();
});

type Entry = { type: string; outcome?: string; note?: string; by: string; at: string };
type DeskRecord = {
  id: string;
  status: string;
  firstContactAt: string | null;
  followUpAt: string | null;
  assignee: string | null;
  activity: Entry[];
  history: { status: string }[];
};

const collections = [
  { kind: "contact", path: "/api/contact-submissions" },
  { kind: "serviceRequest", path: "/api/service-requests" },
] as const;

for (const { kind, path } of collections) {
  const log = (id: string, body: unknown, headers: Record<string, string> = {}) =>
    staffApi(cookie, `${path}/${id}/activity`, {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers,
    });
  const patch = (id: string, body: unknown) =>
    staffApi(cookie, `${path}/${id}`, { method: "PATCH", body: JSON.stringify(body) });
  const read = async (id: string) => (await staffApi(cookie, `${path}/${id}`)).json<DeskRecord>();

  describe(`POST ${path}/<id>/activity`, () => {
    it("logs a call, a note and an email with who and when, oldest first, answering 201 with the record", async () => {
      const [id] = await insertInboxRecords(kind, [{}]);
      const call = await log(id!, { type: "call", outcome: "voicemail", note: "Left a voicemail, try after 5" });
      expect(call.status).toBe(201);
      expect(call.headers.get("Cache-Control")).toBe("no-store");
      await log(id!, { type: "note", note: "Wife picks the car up.\nBring the spare key." });
      await log(id!, { type: "email" });
      const record = await read(id!);
      expect(record.activity).toEqual([
        {
          type: "call",
          outcome: "voicemail",
          note: "Left a voicemail, try after 5",
          by: "Dana Desk",
          at: expect.any(String),
        },
        { type: "note", note: "Wife picks the car up.\nBring the spare key.", by: "Dana Desk", at: expect.any(String) },
        { type: "email", by: "Dana Desk", at: expect.any(String) },
      ]);
      const { results } = await env.DB.prepare("select action, detail from audit_log where target like ? order by id")
        .bind(`%/${id}`)
        .all<{ action: string }>();
      expect(results.map((row) => row.action)).toEqual(["record.call", "record.note", "record.email", "record.status"]);
    });

    it("refuses what is not an entry, or breaks the text rules, and stores nothing", async () => {
      const [id] = await insertInboxRecords(kind, [{}]);
      const refused = [
        { type: "call" },
        { type: "call", outcome: "busy" },
        { type: "note" },
        { type: "note", note: "   " },
        { type: "note", note: "x".repeat(2001) },
        { type: "note", note: "bell\u0007" },
        { type: "note", note: 42 },
        { type: "visit" },
        {},
        [],
      ];
      for (const body of refused) {
        const response = await log(id!, body);
        expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
        expect(await response.json()).toMatchObject({ message: expect.any(String) });
      }
      expect((await log(id!, "{not json")).status).toBe(400);
      expect((await log(id!, { type: "note", note: "hi" }, { "Content-Type": "text/plain" })).status).toBe(415);
      expect((await log(id!, { type: "note", note: "x".repeat(20_000) })).status).toBe(413);
      const accepted = await log(id!, { type: "note", note: "y".repeat(2000) });
      expect(accepted.status).toBe(201);
      expect((await read(id!)).activity).toHaveLength(1);
    });

    it("answers 404 for an unknown record, 401 without a session and 403 from another site", async () => {
      const missing = crypto.randomUUID();
      expect((await log(missing, { type: "note", note: "hello" })).status).toBe(404);
      const [id] = await insertInboxRecords(kind, [{}]);
      const body = JSON.stringify({ type: "note", note: "hello" });
      const json = { "Content-Type": "application/json" };
      expect((await fetchWorker(`${path}/${id}/activity`, { method: "POST", headers: json, body })).status).toBe(401);
      const foreign = await fetchWorker(`${path}/${id}/activity`, {
        method: "POST",
        headers: { ...json, Cookie: cookie, Origin: "https://evil.example" },
        body,
      });
      expect(foreign.status).toBe(403);
      expect((await staffApi(cookie, `${path}/${id}/activity`)).status).toBe(405);
      expect((await read(id!)).activity).toEqual([]);
    });
  });

  describe(`the first contact and the automatic contacted (${kind})`, () => {
    it("a note or a voicemail is no contact; a call that reached them is, once, and marks the record contacted", async () => {
      const [id] = await insertInboxRecords(kind, [{}]);
      await log(id!, { type: "note", note: "Called the wrong shop first" });
      await log(id!, { type: "call", outcome: "no-answer" });
      await log(id!, { type: "call", outcome: "voicemail" });
      let record = await read(id!);
      expect(record).toMatchObject({ status: "new", firstContactAt: null, history: [] });

      const reached = await (await log(id!, { type: "call", outcome: "reached" })).json<DeskRecord>();
      expect(reached.status).toBe("contacted");
      expect(reached.firstContactAt).toBe(reached.activity.at(-1)!.at);
      expect(reached.history).toEqual([expect.objectContaining({ status: "contacted", changedBy: "desk-dana" })]);

      // Only the first counts: a later email changes neither the time nor the history.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await log(id!, { type: "email", note: "Sent the quote" });
      record = await read(id!);
      expect(record.firstContactAt).toBe(reached.firstContactAt);
      expect(record.history).toHaveLength(1);
    });

    it("an email is a first contact; on a closed record it leaves the status alone", async () => {
      const [fresh, closed] = await insertInboxRecords(kind, [{}, { status: "closed" }]);
      expect(await (await log(fresh!, { type: "email" })).json()).toMatchObject({ status: "contacted" });
      const record = await (await log(closed!, { type: "email" })).json<DeskRecord>();
      expect(record.status).toBe("closed");
      expect(record.firstContactAt).toEqual(expect.any(String));
      expect(record.history).toEqual([]);
    });

    it("marking a record contacted is a first contact too, kept through later changes", async () => {
      const [id] = await insertInboxRecords(kind, [{}]);
      const first = await (await patch(id!, { status: "contacted" })).json<DeskRecord>();
      expect(first.firstContactAt).toEqual(expect.any(String));
      await patch(id!, { status: "new" });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const again = await (await patch(id!, { status: "contacted" })).json<DeskRecord>();
      expect(again.firstContactAt).toBe(first.firstContactAt);
      expect((await (await patch(id!, { status: "closed" })).json<DeskRecord>()).firstContactAt).toBe(
        first.firstContactAt,
      );
    });
  });

  describe(`PATCH ${path}/<id>: follow-up and assignee`, () => {
    it("sets and clears a follow-up and an assignee, with the status in the same request", async () => {
      const [id] = await insertInboxRecords(kind, [{}]);
      const followUpAt = new Date(Date.now() + 3_600_000);
      const offset = followUpAt.toISOString().replace("Z", "+00:00");
      const set = await patch(id!, { followUpAt: offset, assignee: "desk-sam", status: "contacted" });
      expect(set.status).toBe(200);
      expect(await set.json()).toMatchObject({
        status: "contacted",
        followUpAt: followUpAt.toISOString(),
        assignee: "desk-sam",
      });
      expect(await (await patch(id!, { assignee: null, followUpAt: null })).json()).toMatchObject({
        followUpAt: null,
        assignee: null,
        status: "contacted",
      });
      // Written with the shop's winter offset: the same instant.
      const later = new Date(Math.floor((Date.now() + 2 * 3_600_000) / 60_000) * 60_000);
      const withOffset = `${new Date(later.getTime() - 5 * 3_600_000).toISOString().slice(0, 19)}-05:00`;
      expect(await (await patch(id!, { followUpAt: withOffset })).json()).toMatchObject({
        followUpAt: later.toISOString(),
      });
      const audit = await env.DB.prepare("select action from audit_log where target like ? order by id")
        .bind(`%/${id}`)
        .all<{ action: string }>();
      expect(audit.results.map((row) => row.action)).toEqual([
        "record.follow-up",
        "record.assign",
        "record.status",
        "record.follow-up",
        "record.assign",
        "record.follow-up",
      ]);
    });

    it("refuses an unknown or disabled member, a time without its offset or far away, and changes nothing", async () => {
      const [id] = await insertInboxRecords(kind, [{}]);
      const soon = new Date(Date.now() + 3_600_000).toISOString();
      for (const body of [
        { assignee: "nobody-here" },
        { assignee: "desk-gone" },
        { assignee: 7 },
        { assignee: "desk-sam", status: "done" },
        { followUpAt: soon.replace("Z", "") },
        { followUpAt: "tomorrow" },
        { followUpAt: new Date(Date.now() + 400 * 86_400_000).toISOString() },
        { followUpAt: soon, assignee: "nobody-here", status: "closed" },
      ]) {
        const response = await patch(id!, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(await response.json()).toMatchObject({ message: expect.any(String) });
      }
      expect(await read(id!)).toMatchObject({ status: "new", followUpAt: null, assignee: null });
      expect((await patch(crypto.randomUUID(), { assignee: "desk-sam" })).status).toBe(404);
    });
  });
}

describe("?due=1 and ?assignee= on the lists", () => {
  const password = "desk-clock long enough password";
  beforeAll(async () => {
    await createStaffUser("desk-clock", password, "staff");
  });

  /** Records tagged with a word of their own, each with a follow-up (ms) and optional status and assignee. */
  async function followUps(
    tag: string,
    rows: { at: number | null; status?: "new" | "closed" | "contacted"; assignee?: string }[],
  ) {
    const ids = await insertInboxRecords(
      "contact",
      rows.map((row, index) => ({
        message: `${tag} ${index}`,
        status: row.status,
        submittedAt: Date.UTC(2026, 0, 1) + index,
      })),
    );
    for (const [index, row] of rows.entries()) {
      await env.DB.prepare("update contact_submissions set follow_up_at = ?, assignee = ? where id = ?")
        .bind(row.at, row.assignee ?? null, ids[index]!)
        .run();
    }
    return ids;
  }

  async function dueAt(now: Date, tag: string, extra = "") {
    const session = sessionCookie(await apiLogin("desk-clock", password, { at: now }));
    const response = await fetchWorker(
      `/api/contact-submissions?status=all&due=1&q=${tag}${extra}`,
      { headers: { Cookie: session } },
      { at: now },
    );
    expect(response.status).toBe(200);
    const body = await response.json<{ message: string }[]>();
    expect(response.headers.get("X-Total-Count")).toBe(String(body.length));
    return body.map((record) => record.message).sort();
  }

  it("counts a follow-up due until the shop's midnight, overdue ones too, never a closed record", async () => {
    const tag = `due${crypto.randomUUID().slice(0, 6)}`;
    // Tue 2026-06-16, 11:30 PM EDT = 03:30 UTC on the 17th; the shop's day ends at 04:00 UTC.
    const lateEvening = new Date(Date.UTC(2026, 5, 17, 3, 30));
    await followUps(tag, [
      { at: Date.UTC(2026, 5, 17, 3, 59) },
      { at: Date.UTC(2026, 5, 17, 4, 0) },
      { at: Date.UTC(2026, 5, 10, 12, 0) },
      { at: Date.UTC(2026, 5, 10, 12, 0), status: "closed" },
      { at: null },
    ]);
    expect(await dueAt(lateEvening, tag)).toEqual([`${tag} 0`, `${tag} 2`]);
    // Ten minutes later it is Wednesday in Pikesville: the 12:00 AM follow-up is due today.
    expect(await dueAt(new Date(Date.UTC(2026, 5, 17, 4, 10)), tag)).toEqual([`${tag} 0`, `${tag} 1`, `${tag} 2`]);
  });

  it("ends the day at the shop's midnight across the daylight-saving changes", async () => {
    const tag = `dst${crypto.randomUUID().slice(0, 6)}`;
    // Sun 2026-03-08 (clocks spring forward at 2 AM): the day ends at 04:00 UTC on the 9th (EDT).
    // Sun 2026-11-01 (clocks fall back at 2 AM): the day ends at 05:00 UTC on the 2nd (EST).
    await followUps(tag, [
      { at: Date.UTC(2026, 2, 9, 3, 59) },
      { at: Date.UTC(2026, 2, 9, 4, 0) },
      { at: Date.UTC(2026, 10, 2, 4, 59) },
      { at: Date.UTC(2026, 10, 2, 5, 0) },
    ]);
    const march = await dueAt(new Date(Date.UTC(2026, 2, 8, 6, 30)), tag); // 1:30 AM EST, before the change
    expect(march).toEqual([`${tag} 0`]);
    const november = await dueAt(new Date(Date.UTC(2026, 10, 1, 5, 30)), tag); // 1:30 AM EDT, before the change
    expect(november).toEqual([`${tag} 0`, `${tag} 1`, `${tag} 2`]);
    const novemberEvening = await dueAt(new Date(Date.UTC(2026, 10, 2, 4, 30)), tag); // 11:30 PM EST
    expect(novemberEvening).toEqual([`${tag} 0`, `${tag} 1`, `${tag} 2`]);
  });

  it("filters by assignee (me, none, a username) and pages through a filtered list", async () => {
    const tag = `who${crypto.randomUUID().slice(0, 6)}`;
    await followUps(tag, [
      { at: null, assignee: "desk-dana" },
      { at: null, assignee: "desk-sam" },
      { at: null },
      { at: null, assignee: "desk-dana" },
      { at: null, assignee: "desk-dana" },
    ]);
    const messages = async (query: string) => {
      const response = await staffApi(cookie, `/api/contact-submissions?q=${tag}&${query}`);
      expect(response.status).toBe(200);
      const body = await response.json<{ message: string }[]>();
      return {
        messages: body.map((record) => record.message),
        total: response.headers.get("X-Total-Count"),
        link: response.headers.get("Link"),
      };
    };
    expect((await messages("assignee=me")).messages).toEqual([`${tag} 4`, `${tag} 3`, `${tag} 0`]);
    expect((await messages("assignee=desk-sam")).messages).toEqual([`${tag} 1`]);
    expect((await messages("assignee=none")).messages).toEqual([`${tag} 2`]);
    expect((await staffApi(cookie, "/api/contact-submissions?assignee=a%20b")).status).toBe(400);
    expect((await staffApi(cookie, "/api/contact-submissions?due=yes")).status).toBe(400);

    // Two at a time: the cursor keeps the filter's place.
    const first = await messages("assignee=me&limit=2");
    expect(first).toMatchObject({ messages: [`${tag} 4`, `${tag} 3`], total: "3" });
    const next = new URL(first.link!.slice(1, first.link!.indexOf(">")));
    const second = await staffApi(cookie, next.pathname + next.search);
    expect((await second.json<{ message: string }[]>()).map((record) => record.message)).toEqual([`${tag} 0`]);
  });
});

describe("the record page's desk forms, without JavaScript", () => {
  const post = (id: string, fields: Record<string, string>) =>
    fetchWorker(`/incoming/contact-messages/${id}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  it("logs a call and comes back to the page, keeping the list's address", async () => {
    const [id] = await insertInboxRecords("contact", [{ phone: "4435550120" }]);
    const back = `/incoming/contact-messages/${id}?back=${encodeURIComponent("/incoming?status=all&q=smith")}`;
    const response = await post(id!, {
      intent: "call",
      outcome: "reached",
      note: "Booked for Tuesday",
      returnTo: back,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(back);
    const page = (await (await fetchWorker(back, { headers: { Cookie: cookie } })).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Call: Reached them");
    expect(page).toContain("Booked for Tuesday");
    expect(page).toContain("(443) 555-0120");
    expect(page).toContain('href="tel:4435550120"');
    expect(page).toContain('href="/incoming?status=all&amp;q=smith"');
  });

  it("gives back what was typed with the message when a call has no outcome", async () => {
    const [id] = await insertInboxRecords("contact", [{}]);
    const response = await post(id!, {
      intent: "call",
      note: "Kept note",
      returnTo: `/incoming/contact-messages/${id}`,
    });
    expect(response.status).toBe(400);
    const page = (await response.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Choose how the call went.");
    expect(page).toContain("Kept note");
    expect((await (await staffApi(cookie, `/api/contact-submissions/${id}`)).json<DeskRecord>()).activity).toEqual([]);
  });

  it("sets a call-back in the shop's time and assigns the record", async () => {
    const [id] = await insertInboxRecords("contact", [{}]);
    const tomorrow = new Date(Date.now() + 86_400_000);
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(tomorrow);
    expect((await post(id!, { intent: "follow-up", date, time: "17:30", returnTo: "/incoming" })).status).toBe(302);
    expect((await post(id!, { intent: "assign", assignee: "desk-sam", returnTo: "/incoming" })).status).toBe(302);
    expect((await post(id!, { intent: "assign", assignee: "desk-gone" })).status).toBe(400);
    expect((await post(id!, { intent: "follow-up", date: "2026-02-31", time: "17:30" })).status).toBe(400);
    const record = await (await staffApi(cookie, `/api/contact-submissions/${id}`)).json<DeskRecord>();
    expect(record.assignee).toBe("desk-sam");
    const shown = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/New_York",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(record.followUpAt!));
    expect(shown).toBe("17:30");
  });
});

describe("phone numbers as people read them", () => {
  it("formats a US number and leaves others as typed", () => {
    expect(formatPhone("4435550120")).toBe("(443) 555-0120");
    expect(formatPhone("+1 443.555.0120")).toBe("(443) 555-0120");
    expect(formatPhone("1-443-555-0120")).toBe("(443) 555-0120");
    expect(formatPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(formatPhone("555-0120")).toBe("555-0120");
  });
});
