import { getDb } from "~/db/db.server";
import { z } from "~/forms/zod";
import { INBOX_KINDS } from "~/records/kinds";
import { type AppEnv, isMailAddress } from "../../../http/env.server";
import { absoluteSiteUrl } from "../../../http/site-url.server";
import { sendToEach } from "../../../mail/send.server";
import { done, type JobClock, type JobHandlers, type JobOutcome, outcomeOf } from "../../../queue/jobs.server";
import { buildDigest, digestDue } from "./digest.server";
import {
  claimConfirmation,
  claimDigest,
  claimNotification,
  recordDigest,
  recordConfirmation,
  recordNotification,
} from "./ledger.server";
import { type MailSettings, submissionNotification, visitorConfirmation } from "./message.server";
import { readMailSettings } from "~/features/settings/settings.server";
import { readServiceNames } from "~/features/catalog/catalog.server";

// The notifications' jobs on the queue (app/queue/jobs.server.ts): each is claimed in D1, sent
// through the send_email binding and recorded. A failed send is retried by the queue with a growing
// delay; whatever the queue gives up on, the sweep (notifications.server.ts) finds unsent in D1 and
// enqueues again (docs/decisions/030-notifications.md).

const form = z.enum(INBOX_KINDS);
const id = z.string().min(1).max(64);

/** The shop's email about a stored submission. */
const notifyJobSchema = z.object({ type: z.literal("notify"), form, id });
/** The visitor's confirmation (CONFIRM_VISITOR). */
const confirmJobSchema = z.object({ type: z.literal("confirm"), form, id });
/** The morning list of requests still new after the reply promise, for one shop date. */
const digestJobSchema = z.object({ type: z.literal("digest"), shopDate: z.iso.date() });

declare module "../../../queue/jobs.server" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging takes an interface
  interface QueuedJobs {
    notify: z.infer<typeof notifyJobSchema>;
    confirm: z.infer<typeof confirmJobSchema>;
    digest: z.infer<typeof digestJobSchema>;
  }
}

// The whole environment, as every job is given it.
type DeliveryEnv = AppEnv;

/** Who the shop's emails go to, as the owner set it on Settings (else the configuration), read now. */
const shopSettings = async (env: DeliveryEnv): Promise<MailSettings> => ({
  from: env.NOTIFY_FROM,
  to: (await readMailSettings(env)).recipients,
  urlFor: (path) => absoluteSiteUrl(env, path),
  services: await readServiceNames(env),
});

async function deliverNotification(
  env: DeliveryEnv,
  job: z.infer<typeof notifyJobSchema>,
  clock: JobClock,
): Promise<JobOutcome> {
  const db = getDb(env);
  const submission = await claimNotification(db, job.form, job.id, clock.now);
  // Sent already, being sent by another consumer, or gone: nothing to do.
  if (!submission) return done;
  const mail = submissionNotification(submission, await shopSettings(env), clock);
  const result = await sendToEach(env.NOTIFY_EMAIL, mail, submission.sentTo);
  await recordNotification(db, job.form, job.id, result, clock);
  return outcomeOf(result);
}

async function deliverConfirmation(
  env: DeliveryEnv,
  job: z.infer<typeof confirmJobSchema>,
  clock: { now: Date },
): Promise<JobOutcome> {
  const settings = await readMailSettings(env);
  if (!settings.confirmVisitor) return done;
  const db = getDb(env);
  // Claim, send, record, as the shop's own emails (decision 030): a consumer that dies holding the
  // claim lets it lapse, and the sweep sends it again. A visitor may, rarely, get two (the consumer
  // died after sending, before recording); never none.
  const submission = await claimConfirmation(db, job.form, job.id, clock.now);
  if (!submission) return done;
  if (!isMailAddress(submission.record.email)) {
    console.warn("No confirmation: the visitor's address cannot be written into a header", { id: job.id });
    // Settled, so neither the queue nor the sweep tries it again.
    await recordConfirmation(db, job.form, job.id, { sent: true, now: clock.now });
    return done;
  }
  const mail = visitorConfirmation(submission, { from: env.NOTIFY_FROM, to: settings.recipients }, clock);
  const result = await sendToEach(env.NOTIFY_EMAIL, mail, []);
  const sent = result.errors.length === 0;
  await recordConfirmation(db, job.form, job.id, { sent, now: clock.now });
  return sent ? done : { status: "retry", error: result.errors.join("; ") };
}

async function deliverDigest(
  env: DeliveryEnv,
  job: z.infer<typeof digestJobSchema>,
  clock: { now: Date },
): Promise<JobOutcome> {
  const db = getDb(env);
  const due = await digestDue(db, clock);
  // Nothing overdue and no spam to report: no email at all.
  if (!due) return done;
  const claim = await claimDigest(db, job.shopDate, due.overdue.length, clock.now);
  if (!claim) return done;
  const digest = await buildDigest(db, {
    ...clock,
    shopDate: job.shopDate,
    overdue: due.overdue,
    followUps: due.followUps,
    settings: await shopSettings(env),
  });
  const result = await sendToEach(env.NOTIFY_EMAIL, digest.mail, claim.sentTo);
  await recordDigest(db, job.shopDate, result, clock.now, digest.spamCount);
  return outcomeOf(result);
}

/** The consumer's handlers for the notifications' own jobs. */
export const notificationJobHandlers = {
  notify: { schema: notifyJobSchema, run: deliverNotification },
  confirm: { schema: confirmJobSchema, run: deliverConfirmation },
  digest: { schema: digestJobSchema, run: deliverDigest },
} satisfies Pick<JobHandlers, "notify" | "confirm" | "digest">;
