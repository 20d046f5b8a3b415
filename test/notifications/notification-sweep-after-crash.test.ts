import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { claimConfirmation, claimNotification } from "~/features/notifications/server/ledger.server";
import { CLAIM_MS } from "~/mail/send-claim.server";
import { postJson } from "../support/http";
import { uniqueEmail, validContact } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue, runCron } from "../support/queue";

const SWEEP = "*/5 * * * *";
const SWEEP_EVERY_MS = 5 * 60_000;

/** The first run of the every-5-minutes trigger at or after `instant`. */
const nextSweepAfter = (instant: number) => new Date(Math.ceil(instant / SWEEP_EVERY_MS) * SWEEP_EVERY_MS);

describe("a notification whose consumer died after claiming it", () => {
  it("is sent again by the first sweep after the claim lapses, and delivered once", async () => {
    const queue = recordingQueue();
    const response = await postJson(
      "/api/contact",
      { ...validContact(), email: uniqueEmail() },
      { bindings: { NOTIFY_QUEUE: queue } },
    );
    const { id } = await response.json<{ id: string }>();
    queue.bodies.splice(0);

    // A consumer claimed it, then vanished (killed, timed out) before sending; its claim has just
    // lapsed (in the past, so the consumer below, on the real clock, may claim it again).
    const claimedAt = Date.now() - CLAIM_MS - 1000;
    expect(await claimNotification(getDb(env), "contact", id, new Date(claimedAt))).toBeDefined();

    // While the claim holds, no sweep takes it from the consumer that might still be sending.
    const whileClaimed = new Date(claimedAt + CLAIM_MS - 1000);
    await runCron(SWEEP, whileClaimed, { NOTIFY_QUEUE: queue });
    expect(queue.bodies).toEqual([]);

    await runCron(SWEEP, nextSweepAfter(claimedAt + CLAIM_MS), { NOTIFY_QUEUE: queue });
    expect(queue.bodies).toEqual([{ type: "notify", form: "contact", id }]);

    const mailer = recordingMailer();
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent.filter((sent) => sent.raw.includes(id))).toHaveLength(1);
  });
});

// wrangler.toml's value types CONFIRM_VISITOR as "false"; the Worker reads any string through its schema.
const asBindings = (values: Record<string, string>): Partial<Env> => Object.assign({}, values);
const confirmationsOn = asBindings({ CONFIRM_VISITOR: "true" });

describe("a visitor's confirmation whose consumer died after claiming it", () => {
  it("is sent again by the first sweep after the claim lapses, once", async () => {
    const queue = recordingQueue();
    const email = uniqueEmail();
    const response = await postJson(
      "/api/contact",
      { ...validContact(), email },
      { bindings: { NOTIFY_QUEUE: queue, ...confirmationsOn } },
    );
    const { id } = await response.json<{ id: string }>();
    expect(queue.bodies).toContainEqual({ type: "confirm", form: "contact", id });
    queue.bodies.splice(0);

    // A consumer claimed the confirmation, then was killed before sending it.
    const claimedAt = Date.now() - CLAIM_MS - SWEEP_EVERY_MS;
    expect(await claimConfirmation(getDb(env), "contact", id, new Date(claimedAt))).toBeDefined();

    // While the claim holds, the sweep leaves it to the consumer that might still be sending.
    await runCron(SWEEP, new Date(claimedAt + CLAIM_MS - 1000), { NOTIFY_QUEUE: queue });
    expect(queue.bodies.filter((body) => (body as { type: string }).type === "confirm")).toEqual([]);

    await runCron(SWEEP, nextSweepAfter(claimedAt + CLAIM_MS), { NOTIFY_QUEUE: queue });
    expect(queue.bodies).toContainEqual({ type: "confirm", form: "contact", id });

    const mailer = recordingMailer();
    const bindings = { NOTIFY_EMAIL: mailer.binding, ...confirmationsOn };
    await deliverQueued(queue, bindings);
    expect(mailer.sent.filter((sent) => sent.to === email)).toHaveLength(1);

    // Sent: later sweeps leave it alone.
    queue.bodies.splice(0);
    await runCron(SWEEP, new Date(Date.now() + 60 * 60_000), { NOTIFY_QUEUE: queue });
    expect(queue.bodies.filter((body) => (body as { type: string }).type === "confirm")).toEqual([]);
  });
});
