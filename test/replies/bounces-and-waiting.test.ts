import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, newClientAddress } from "../support/http";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { answer, conversationStarted, cookie, deliver, read, signInStaff } from "./support";

// A bounce marks the customer's address failing; a customer's answer puts the record in front of
// staff (the Replied badge, ?replied=1, the notice email) until a reply, a contact or Handled.

// The first request compiles the routes: slow on a busy machine.
beforeAll(signInStaff, 60_000);

describe("a bounce", () => {
  it("is kept on the record as undelivered and marks the customer's address failing, shown on the record page", async () => {
    const { id, path, messageId, address } = await conversationStarted();
    const to = "notifications@shop.localhost";
    const raw = `From: Mail Delivery Subsystem <mailer-daemon@mx.example.com>
To: ${to}
Subject: Undelivered Mail Returned to Sender
Message-ID: <bounce-1@mx.example.com>
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="r1"

--r1
Content-Type: text/plain; charset=utf-8

Your message could not be delivered to customer@example.com: mailbox unavailable.
--r1
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.com

Final-Recipient: rfc822; customer@example.com
Action: failed
Status: 5.1.1
--r1
Content-Type: text/rfc822-headers

From: Pikesville Family Auto Repair <notifications@shop.localhost>
To: <customer@example.com>
Subject: Your brakes
Message-ID: <${messageId}>
--r1--
`;
    expect(await deliver(raw, { from: "mailer-daemon@mx.example.com", to })).toBeNull();
    const record = await read(path);
    expect(record.emailFailing).toBe(true);
    expect(record.messages[1]).toMatchObject({ direction: "in", bounce: true, automatic: true });
    const page = await (await fetchWorker(`/incoming/service-requests/${id}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Email to customer@example.com is failing");
    expect(page).toContain("Not delivered");
    // On the inbox's card too, in words; until the customer writes again.
    const listed = async () =>
      (
        await (
          await fetchWorker("/api/service-requests?limit=200", { headers: { Cookie: cookie } })
        ).json<{ id: string; emailFailing: boolean }[]>()
      ).find((each) => each.id === id)?.emailFailing;
    expect(await listed()).toBe(true);
    const inbox = await (await fetchWorker("/incoming?tab=service-requests", { headers: { Cookie: cookie } })).text();
    expect(inbox.split("<article").find((card) => card.includes(id))).toContain("Email bouncing");
    await deliver(answer({ to: address }), { to: address });
    expect(await listed()).toBe(false);
  });
});

describe("a customer's answer waiting on staff", () => {
  const list = async (query: string) =>
    (await fetchWorker(`/api/service-requests?${query}`, { headers: { Cookie: cookie } })).json<
      { id: string; repliedAt: string | null }[]
    >();

  it("puts the record in ?replied=1 with its badge and tab count; an automatic answer does not", async () => {
    const waiting = await conversationStarted();
    const auto = await conversationStarted();
    await deliver(answer({ to: waiting.address }), { to: waiting.address });
    await deliver(answer({ to: auto.address, headers: "Auto-Submitted: auto-replied\n" }), { to: auto.address });
    const ids = (await list("replied=1&limit=200")).map((record) => record.id);
    expect(ids).toContain(waiting.id);
    expect(ids).not.toContain(auto.id);
    expect((await list("replied=1&limit=200")).find((record) => record.id === waiting.id)?.repliedAt).toEqual(
      expect.any(String),
    );
    expect((await fetchWorker("/api/service-requests?replied=2", { headers: { Cookie: cookie } })).status).toBe(400);
    const page = await (
      await fetchWorker("/incoming?tab=service-requests&replied=1", { headers: { Cookie: cookie } })
    ).text();
    expect(page).toMatch(
      /<span class="sr-only">, <!-- -->\d+ replied<\/span>|<span class="sr-only">, \d+ replied<\/span>/,
    );
    expect(page).toContain(">Replied<");
  });

  it("emails the assignee once, or the shop's address when nobody has the record", async () => {
    const assigned = await conversationStarted();
    await env.DB.prepare("update users set email = 'ivy@shop.localhost' where username = 'inbound-ivy'").run();
    await env.DB.prepare("update service_requests set assignee = 'inbound-ivy' where id = ?").bind(assigned.id).run();
    const queue = recordingQueue();
    await deliver(answer({ to: assigned.address, body: "Is Tuesday fine?" }), { to: assigned.address, queue });
    expect(queue.bodies).toEqual([{ type: "reply", id: expect.any(String) }]);
    const job = queue.bodies[0];
    const mailer = recordingMailer();
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    queue.bodies.push(job);
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent.map((sent) => sent.to)).toEqual(["ivy@shop.localhost"]);
    const [notice] = mailer.sent;
    expect(notice?.mail.header("subject")).toBe("Customer replied — Pat Example: Re: Your brakes");
    expect(notice?.mail.text).toContain("Is Tuesday fine?");
    expect(notice?.mail.text).toContain(`/incoming/service-requests/${assigned.id}`);

    const nobody = await conversationStarted();
    const second = recordingQueue();
    await deliver(answer({ to: nobody.address }), { to: nobody.address, queue: second });
    const shopMailer = recordingMailer();
    await deliverQueued(second, { NOTIFY_EMAIL: shopMailer.binding });
    expect(shopMailer.sent.map((sent) => sent.to)).toEqual(["staff@shop.localhost"]);
  });

  it("is cleared by a reply, by a logged contact, and by Handled (audited)", async () => {
    const replied = await conversationStarted();
    const called = await conversationStarted();
    const handled = await conversationStarted();
    for (const { address } of [replied, called, handled]) await deliver(answer({ to: address }), { to: address });
    const waitingIds = async () => (await list("replied=1&limit=200")).map((record) => record.id);
    expect(await waitingIds()).toEqual(expect.arrayContaining([replied.id, called.id, handled.id]));

    await fetchWorker(
      `${replied.path}/replies`,
      {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/json", "CF-Connecting-IP": newClientAddress() },
        body: JSON.stringify({ body: "See you Tuesday." }),
      },
      { bindings: { NOTIFY_QUEUE: recordingQueue() } },
    );
    await fetchWorker(`${called.path}/activity`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ type: "call", outcome: "reached" }),
    });
    const page = `/incoming/service-requests/${handled.id}`;
    const done = await fetchWorker(`${page}/reply`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost",
        "Sec-Fetch-Site": "same-origin",
      },
      body: new URLSearchParams({ intent: "handled", returnTo: page }).toString(),
    });
    expect(done.status).toBe(302);
    const left = await waitingIds();
    for (const { id } of [replied, called, handled]) expect(left).not.toContain(id);
    const audit = await env.DB.prepare("select action from audit_log where target = ? order by id desc limit 1")
      .bind(`service-requests/${handled.id}`)
      .first<{ action: string }>();
    expect(audit?.action).toBe("record.handled");
  });
});
