import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { recordTimeline } from "~/features/inbox/server/record-timeline.server";
import type { ConversationMessage } from "~/features/replies/replies";
import { fetchWorker, newClientAddress } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { recordingQueue } from "../support/queue";
import { staffApi, staffSessionCookie } from "../support/staff";

// A record's timeline (issue 29): the request, its status changes, the desk's calls and notes, and
// the emails sent and received, in one list, oldest first, on the record's page (server-rendered:
// the same without JavaScript).

const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 14, minute));

const email = (id: string, minute: number, direction: "in" | "out", text: string): ConversationMessage => ({
  id,
  direction,
  at: at(minute),
  from: direction === "out" ? "notifications@shop.localhost" : "customer@example.com",
  fromCustomer: direction === "in",
  by: direction === "out" ? "Pat" : null,
  subject: "Your brakes",
  text,
  automatic: false,
  bounce: false,
  attachments: [],
  status: direction === "out" ? "sent" : null,
});

describe("recordTimeline", () => {
  it("puts everything in time order; in one millisecond, what staff did before the status it caused", () => {
    const timeline = recordTimeline(
      {
        submittedAt: at(0),
        message: "Grinding brakes.",
        // Newest first, as the record's history is read.
        history: [
          { status: "closed", changedBy: "pat", changedByName: "Pat", changedAt: at(40) },
          { status: "contacted", changedBy: "pat", changedByName: "Pat", changedAt: at(10) },
        ],
        activity: [
          { type: "call", outcome: "reached", by: "Pat", at: at(10) },
          // What a reply writes in the desk's log: shown once, as the email.
          { type: "email", note: "Replied from the record: Your brakes", by: "Pat", at: at(20) },
          { type: "note", note: "Customer prefers mornings", by: "Maria", at: at(35) },
        ],
      },
      [email("reply", 20, "out", "Bring it Tuesday."), email("answer", 30, "in", "Tuesday works.")],
    );
    expect(
      timeline.map((entry) => {
        switch (entry.type) {
          case "request":
            return `request: ${entry.message}`;
          case "status":
            return `status: ${entry.status}`;
          case "activity":
            return `${entry.entry.type}: ${entry.entry.note ?? entry.entry.outcome}`;
          case "email":
            return `email ${entry.message.direction}: ${entry.message.text}`;
          case "estimate":
            return `estimate: ${entry.title}`;
        }
      }),
    ).toEqual([
      "request: Grinding brakes.",
      "call: reached",
      "status: contacted",
      "email out: Bring it Tuesday.",
      "email in: Tuesday works.",
      "note: Customer prefers mornings",
      "status: closed",
    ]);
  });
});

describe("the record page's timeline", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await staffSessionCookie("tilly");
  }, 60_000);

  it("shows the request, the call, the status changes, the reply and the answer in one list, oldest first", async () => {
    const [id] = await insertInboxRecords("serviceRequest", [
      {
        email: "timeline.customer@example.com",
        message: "Grinding from the front left.",
        submittedAt: Date.now() - 3_600_000,
      },
    ]);
    const api = `/api/service-requests/${id}`;
    const call = await staffApi(cookie, `${api}/activity`, {
      method: "POST",
      body: JSON.stringify({ type: "call", outcome: "reached", note: "Will email the quote" }),
    });
    expect(call.status).toBe(201);
    const reply = await fetchWorker(
      `${api}/replies`,
      {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/json", "CF-Connecting-IP": newClientAddress() },
        body: JSON.stringify({ body: "The quote is $240, parts included.", subject: "Your quote" }),
      },
      { bindings: { NOTIFY_QUEUE: recordingQueue() } },
    );
    expect(reply.status).toBe(201);
    await env.DB.prepare(
      `insert into record_messages (id, submission_kind, submission_id, direction, at, from_address, subject, body)
       values (?, 'serviceRequest', ?, 'in', ?, 'timeline.customer@example.com', 'Re: Your quote', 'Sounds good, book me in.')`,
    )
      .bind(crypto.randomUUID(), id, Date.now())
      .run();
    expect((await staffApi(cookie, api, { method: "PATCH", body: JSON.stringify({ status: "closed" }) })).status).toBe(
      200,
    );

    const html = (
      await (await fetchWorker(`/incoming/service-requests/${id}`, { headers: { Cookie: cookie } })).text()
    ).replaceAll("<!-- -->", "");
    const list = html.slice(html.indexOf('aria-label="Timeline, oldest first"'), html.indexOf("Reply by email"));
    const order = [
      "Grinding from the front left.",
      "Call: Reached them",
      "Will email the quote",
      "Contacted",
      "The quote is $240, parts included.",
      "Sounds good, book me in.",
      "Closed",
    ].map((text) => list.indexOf(text));
    expect(
      order.every((index) => index >= 0),
      `all in the timeline: ${order.join()}`,
    ).toBe(true);
    expect(order).toEqual(order.toSorted((a, b) => a - b));
    // The reply's own "Emailed them" entry in the desk's log is the reply: shown once.
    expect(list).not.toContain("Emailed them");
    expect(list.match(/<li/g)?.length).toBe(6);
  });
});
