import { EmailMessage } from "cloudflare:email";
import { getDb } from "~/db/db.server";
import { deliverReply } from "~/features/replies/replies.server";
import { type AppEnv, isMailAddress } from "../../../http/env.server";
import { absoluteSiteUrl } from "../../../http/site-url.server";
import { unreachable } from "../../../http/exhaustive.server";
import { buildDigest, digestDue } from "./digest.server";
import { type NotificationJob, notificationJobSchema } from "../notifications.server";
import {
  claimConfirmation,
  claimDigest,
  claimNotification,
  recordDigest,
  recordConfirmation,
  recordNotification,
  type SendResult,
} from "./ledger.server";
import { type MailSettings, submissionNotification, visitorConfirmation } from "./message.server";
import { deliverMemberNotice, deliverStaffEmail, handleResetRequest } from "../../team/team.server";
import { buildRawMessage, type OutgoingMail } from "../../../mail/mime.server";
import { deliverAppointmentJob } from "~/features/appointments/appointments.server";
import { readMailSettings } from "~/features/settings/settings.server";

// The queue consumer: each job is claimed in D1, sent through the send_email binding and recorded.
// A failed send is retried by the queue with a growing delay; whatever the queue gives up on, the
// sweep (notifications.server.ts) finds unsent in D1 and enqueues again (docs/decisions/030-notifications.md).

// The whole environment: a "Forgot password?" job issues a link (D1, the queue, the throttle's window).
type DeliveryEnv = AppEnv;

// The longest wait between two attempts; the queue's max_retries (wrangler.toml) bounds their number.
const MAX_RETRY_DELAY_SECONDS = 15 * 60;

/** Seconds before attempt `attempts + 1`: the base, doubled after each failure, capped. */
export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_SECONDS);
}

/**
 * Sends one message to each of its recipients who does not have it yet. The send_email binding
 * takes one envelope recipient per message; a recipient that fails does not stop the others.
 */
async function sendToEach(binding: SendEmail, mail: OutgoingMail, alreadySent: readonly string[]): Promise<SendResult> {
  const raw = buildRawMessage(mail);
  const sentTo = [...alreadySent];
  const errors: string[] = [];
  const messageIds: string[] = [];
  for (const recipient of mail.to) {
    if (sentTo.includes(recipient)) continue;
    try {
      const sent: Partial<EmailSendResult> | undefined = await binding.send(
        new EmailMessage(mail.from.address, recipient, raw),
      );
      if (typeof sent?.messageId === "string") messageIds.push(sent.messageId);
      sentTo.push(recipient);
    } catch (error) {
      errors.push(`${recipient}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { sentTo, errors, messageIds };
}

/** Who the shop's emails go to, as the owner set it on Settings (else the configuration), read now. */
const shopSettings = async (env: DeliveryEnv): Promise<MailSettings> => ({
  from: env.NOTIFY_FROM,
  to: (await readMailSettings(env)).recipients,
  urlFor: (path) => absoluteSiteUrl(env, path),
});

type JobOutcome = { status: "done" } | { status: "retry"; error: string };
const done: JobOutcome = { status: "done" };

/** A send's outcome for the queue: done, or retried while any recipient failed. */
const outcomeOf = ({ errors }: { errors: readonly string[] }): JobOutcome =>
  errors.length ? { status: "retry", error: errors.join("; ") } : done;

/** The send other features' jobs are given (team, appointments, replies): every recipient, none had it before. */
const sendWith = (env: DeliveryEnv) => (mail: OutgoingMail) => sendToEach(env.NOTIFY_EMAIL, mail, []);

async function deliverNotification(
  env: DeliveryEnv,
  job: Extract<NotificationJob, { type: "notify" }>,
  clock: { now: Date; retryAt: Date },
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
  job: Extract<NotificationJob, { type: "confirm" }>,
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
  job: Extract<NotificationJob, { type: "digest" }>,
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

function runJob(env: DeliveryEnv, job: NotificationJob, clock: { now: Date; retryAt: Date }): Promise<JobOutcome> {
  switch (job.type) {
    case "notify":
      return deliverNotification(env, job, clock);
    case "confirm":
      return deliverConfirmation(env, job, clock);
    case "digest":
      return deliverDigest(env, job, clock);
    case "staffEmail":
      return deliverStaffEmail(env, job, clock.now, sendWith(env)).then(outcomeOf);
    case "appointment":
      return deliverAppointmentJob(env, job.messageId, clock.now, sendWith(env)).then(outcomeOf);
    case "memberNotice":
      return deliverMemberNotice(env, job, clock.now, sendWith(env)).then(outcomeOf);
    case "resetRequest":
      // Looked up, limited, and (for an account with an address) a link issued and its email queued.
      return handleResetRequest(env, job, clock.now).then(() => done);
    case "reply":
      return deliverReply(env, job, clock, sendWith(env)).then(outcomeOf);
    default:
      return unreachable(job);
  }
}

/** The Worker's `queue` handler: every message is acked once its job is done, or retried later. */
export async function handleNotificationBatch(batch: MessageBatch, env: DeliveryEnv, now: Date): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      const parsed = notificationJobSchema.safeParse(message.body);
      if (!parsed.success) {
        // Nothing could ever process it: drop it rather than retry it forever.
        console.error("Dropping a notification job that is not one", { body: message.body });
        message.ack();
        return;
      }
      const delaySeconds = retryDelaySeconds(message.attempts, env.NOTIFY_RETRY_SECONDS);
      const clock = { now, retryAt: new Date(now.getTime() + delaySeconds * 1000) };
      let outcome: JobOutcome;
      try {
        outcome = await runJob(env, parsed.data, clock);
      } catch (error) {
        // D1 unreachable, say: the claim may or may not have been taken; it lapses on its own.
        outcome = { status: "retry", error: error instanceof Error ? error.message : String(error) };
      }
      if (outcome.status === "done") {
        message.ack();
      } else {
        console.error(`Notification job failed (attempt ${message.attempts}); retrying in ${delaySeconds} s`, {
          job: parsed.data,
          error: outcome.error,
        });
        message.retry({ delaySeconds });
      }
    }),
  );
}
