import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { deliverEstimateMessage } from "~/features/estimates/server/estimate-mail.server";
import { rowsOf } from "../support/d1";
import { deliverQueued, recordingMailer, recordingQueue, runCron } from "../support/queue";
import { ownerAndStaff } from "../support/staff";
import { at, brakes, call, type EstimateJson, keptQueue, newRequest } from "./support";

// The estimates' emails are never lost and never sent twice (issue 39): the sweep every 5 minutes
// queues again a ledger row the queue lost (never claimed) or whose consumer vanished (its claim
// lapsed), once each grace, and the claim lets only one delivery send it.

const sessions = ownerAndStaff("estimates-sweep", { at });
const minutes = (n: number) => new Date(at.getTime() + n * 60_000);

/** An estimate sent at `at` whose queue message was lost: the ledger row, never delivered. */
async function sentButLost() {
  const requestId = await newRequest();
  const created = await (
    await call(sessions.staff, "POST", `/api/service-requests/${requestId}/estimates`, brakes())
  ).json<EstimateJson>();
  const { queue, bindings } = keptQueue();
  expect((await call(sessions.staff, "POST", `/api/estimates/${created.id}/send`, undefined, bindings)).status).toBe(
    200,
  );
  const [message] = await rowsOf<{ id: number }>("select id from estimate_messages where estimate_id = ?", created.id);
  expect(queue.bodies).toEqual([{ type: "estimate", messageId: message!.id }]);
  return message!.id;
}

/** The 5-minute Cron Trigger at `when`: the estimate jobs it queued. */
async function sweep(when: Date) {
  const queue = recordingQueue();
  await runCron("*/5 * * * *", when, { NOTIFY_QUEUE: queue });
  const ours = queue.bodies.filter((body) => (body as { type?: string }).type === "estimate");
  return { queue, ours };
}

const rowOf = async (id: number) =>
  (await rowsOf<{ sent_at: number | null; attempts: number }>("select * from estimate_messages where id = ?", id))[0]!;

describe("the sweep of unsent estimate emails", () => {
  it("queues a lost email again once past the grace, once, and it is sent once", async () => {
    const id = await sentButLost();
    expect((await sweep(minutes(4))).ours).toEqual([]);
    const due = await sweep(minutes(5));
    expect(due.ours).toEqual([{ type: "estimate", messageId: id }]);
    // The next sweeps leave it to the message just queued.
    expect((await sweep(minutes(5))).ours).toEqual([]);
    expect((await sweep(minutes(9))).ours).toEqual([]);

    const mailer = recordingMailer();
    // Delivered twice (the queue delivers at least once): one email.
    due.queue.bodies.splice(0, due.queue.bodies.length, ...due.ours, ...due.ours);
    await deliverQueued(due.queue, { NOTIFY_EMAIL: mailer.binding }, 10, { at: minutes(6) });
    expect(mailer.sent.map((sent) => sent.mail.header("subject"))).toEqual([
      expect.stringMatching(/^Your estimate \d+ — /),
    ]);
    expect(await rowOf(id)).toMatchObject({ sent_at: minutes(6).getTime(), attempts: 1 });
    expect((await sweep(minutes(60))).ours).toEqual([]);
  });

  it("leaves an email whose consumer is sending it, and takes it when the claim lapses", async () => {
    const id = await sentButLost();
    // A consumer claims it at +1 minute and vanishes mid-send (the Worker died).
    // The bindings the consumer reads, as the Worker's entry parses them.
    const consumerEnv = { ...env, SITE_URL: env.SITE_URL, NOTIFY_TO: [env.NOTIFY_TO], CONFIRM_VISITOR: false };
    const vanished = deliverEstimateMessage(consumerEnv, id, minutes(1), () => Promise.reject(new Error("evicted")));
    await expect(vanished).rejects.toThrow("evicted");
    expect(await rowOf(id)).toMatchObject({ sent_at: null, attempts: 1 });
    // Still held at +2:59 (the claim is 2 minutes), though the email was due at `at`.
    expect((await sweep(minutes(2.9))).ours).toEqual([]);
    // Lapsed at +3: the first sweep after that sends it again.
    expect((await sweep(minutes(3))).ours).toEqual([{ type: "estimate", messageId: id }]);
  });
});
