import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import { shop } from "~/content/shop";
import { getDb } from "~/db/db.server";
import { type EstimateMessageRow, type EstimateRow, estimateMessages, estimates } from "~/db/schema/estimates";
import { type ServiceRequest, serviceRequests } from "~/db/schema/inbox";
import { readMailSettings } from "~/features/settings/settings.server";
import { z } from "~/forms/zod";
import { type AppEnv, isMailAddress } from "~/http/env.server";
import { absoluteSiteUrl } from "~/http/site-url.server";
import { htmlLink, htmlPage, shopSender } from "~/mail/html.server";
import { domainOf, escapeHtml, type OutgoingMail, singleLine } from "~/mail/mime.server";
import { type BuiltMail, deliverClaimedEmail, type SendMail } from "~/mail/claimed-delivery.server";
import { claimColumns, SWEEP_GRACE_MS, unclaimedAt } from "~/mail/send-claim.server";
import { sendToEach } from "~/mail/send.server";
import { enqueueJobs, type JobHandlers, outcomeOf } from "~/queue/jobs.server";
import { recordPath } from "~/records/kinds";
import { formatCents } from "../pricing";
import { estimatePath, estimateToken } from "./estimate-link.server";
import { readEstimate } from "./estimate-store.server";

// The emails about an estimate, each a row of estimate_messages sent through the notification
// queue: the job names the row, the consumer claims it (app/mail/send-claim.server.ts), builds the
// email from what D1 holds now and records the outcome. "estimate": the link to the customer;
// "decision": the customer's answer to the shop's recipients, with the record's link. A queue
// message that is lost (the queue gave up, the consumer died holding its claim) is sent by the
// sweep every 5 minutes (sweepUnsentEstimateMessages), never twice: the claim decides who sends.

type MailEnv = Pick<
  AppEnv,
  "DB" | "NOTIFY_FROM" | "NOTIFY_TO" | "SITE_URL" | "CONFIRM_VISITOR" | "SESSION_SECRET" | "LINK_SECRET"
>;

const estimateJobSchema = z.object({ type: z.literal("estimate"), messageId: z.number().int().positive() });

declare module "~/queue/jobs.server" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging takes an interface
  interface QueuedJobs {
    estimate: z.infer<typeof estimateJobSchema>;
  }
}

/** Queues the emails of ledger rows just written. */
export async function enqueueEstimateMessages(env: Pick<AppEnv, "NOTIFY_QUEUE">, ids: readonly number[]) {
  if (ids.length)
    await enqueueJobs(
      env,
      ids.map((messageId) => ({ type: "estimate" as const, messageId })),
    );
}

async function customerMail(
  env: MailEnv,
  message: EstimateMessageRow,
  estimate: EstimateRow,
  request: ServiceRequest,
  base: Pick<OutgoingMail, "from" | "date" | "messageId">,
): Promise<BuiltMail> {
  if (!isMailAddress(request.email))
    return { skip: "not sent: the customer's address cannot be written into a header" };
  if (!estimate.tokenSalt) return { skip: "not sent: the estimate has no link" };
  const link = absoluteSiteUrl(env, estimatePath(await estimateToken(env, estimate.tokenSalt)));
  const again = message.version > 1 && estimate.status === "needs approval";
  // What the email is about, from the version it announces: the car and the total, so the customer
  // knows before opening the link (the link shows every line and asks for the decision).
  const state = await readEstimate(env, estimate.id);
  const version = state?.versions.find((row) => row.version === message.version) ?? state?.current;
  const car = version
    ? singleLine(`${version.vehicle.year} ${version.vehicle.make} ${version.vehicle.model}`)
    : "vehicle";
  const total = version ? ` (${formatCents(version.total)} in all)` : "";
  const lead = again
    ? `We have revised estimate ${estimate.number} for your ${car}${total}, and the new version needs your approval before we go on.`
    : `Here is estimate ${estimate.number} for your ${car}${total}. Please look at each item and approve or decline it.`;
  const paragraphs = [
    `Hi ${singleLine(request.firstName)},`,
    lead,
    link,
    `Questions? Call us at ${shop.phone.display}.`,
    shop.name,
  ];
  const settings = await readMailSettings(env);
  const replyAddress = settings.recipients[0];
  return {
    mail: {
      ...base,
      to: [request.email],
      ...(replyAddress ? { replyTo: shopSender(replyAddress) } : {}),
      subject: `${again ? "Your revised estimate" : "Your estimate"} ${estimate.number} — ${shop.name}`,
      text: paragraphs.join("\n\n"),
      html: htmlPage(
        paragraphs
          .map((paragraph) =>
            paragraph === link
              ? `<p style="margin:0 0 12px">${htmlLink(link, "See your estimate and decide")}</p>`
              : `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`,
          )
          .join(""),
      ),
    },
  };
}

async function shopMail(
  env: MailEnv,
  estimate: EstimateRow,
  request: ServiceRequest,
  base: Pick<OutgoingMail, "from" | "date" | "messageId">,
): Promise<BuiltMail> {
  const state = await readEstimate(env, estimate.id);
  const decision =
    state?.approvals.find((approval) => approval.version === estimate.version) ?? state?.approvals.at(-1);
  if (!decision) return { skip: "not sent: no decision to tell" };
  const settings = await readMailSettings(env);
  if (settings.recipients.length === 0) return { skip: "not sent: nobody receives the shop's emails" };
  const link = absoluteSiteUrl(env, recordPath("serviceRequest", request.id));
  const { approvedLineIds, declinedLineIds } = decision.snapshot;
  const name = singleLine(`${request.firstName} ${request.lastName}`);
  const what = `${name} ${estimate.status} estimate ${estimate.number}: ${approvedLineIds.length} line(s) approved (${formatCents(decision.approvedTotal)}), ${declinedLineIds.length} declined. Signed "${singleLine(decision.name)}".`;
  return {
    mail: {
      ...base,
      to: settings.recipients,
      subject: `Estimate ${estimate.number} ${estimate.status} by ${name}`,
      text: `${what}\n\n${link}`,
      html: htmlPage(`<p>${escapeHtml(what)}</p><p>${htmlLink(link, "Open the request")}</p>`),
    },
  };
}

/** The queue's job for one ledger row: claimed, built from D1 as it is now, sent, recorded. */
export async function deliverEstimateMessage(
  env: MailEnv,
  messageId: number,
  now: Date,
  send: SendMail,
): Promise<{ errors: string[] }> {
  const db = getDb(env);
  // Claimed with its due time moved, so the sweep below takes it again the moment a vanished
  // consumer's claim lapses (app/mail/send-claim.server.ts).
  const claim = claimColumns(estimateMessages.attempts, now);
  return deliverClaimedEmail(db, estimateMessages, messageId, now, send, claim, async (claimed) => {
    const [found] = await db
      .select({ estimate: estimates, request: serviceRequests })
      .from(estimates)
      .innerJoin(serviceRequests, eq(serviceRequests.id, estimates.serviceRequestId))
      .where(eq(estimates.id, claimed.estimateId));
    if (!found) return { skip: "not sent: the request was deleted" };
    const base = {
      from: shopSender(env.NOTIFY_FROM),
      date: now,
      messageId: `estimate.${claimed.purpose}.${claimed.id}@${domainOf(env.NOTIFY_FROM)}`,
    };
    return claimed.purpose === "estimate"
      ? customerMail(env, claimed, found.estimate, found.request, base)
      : shopMail(env, found.estimate, found.request, base);
  });
}

/** Rows the sweep enqueues at most per run; the rest wait for the next run. */
const SWEEP_LIMIT = 50;

/**
 * The sweep (every 5 minutes): ledger rows still unsent a grace after they were due, and nobody
 * holding them, are queued again. A claim moves a row's due time so that it is overdue the moment
 * the claim lapses (app/mail/send-claim.server.ts); a row taken here is due again a grace later, so
 * the next sweeps leave it to the message just queued unless that one is lost too.
 */
export async function sweepUnsentEstimateMessages(env: Pick<AppEnv, "DB" | "NOTIFY_QUEUE">, now: Date) {
  const db = getDb(env);
  const m = estimateMessages;
  const overdue = db
    .select({ id: m.id })
    .from(m)
    .where(
      and(isNull(m.sentAt), lte(m.dueAt, new Date(now.getTime() - SWEEP_GRACE_MS)), unclaimedAt(m.claimedUntil, now)),
    )
    .orderBy(asc(m.dueAt))
    .limit(SWEEP_LIMIT);
  const taken = await db
    .update(m)
    .set({ dueAt: new Date(now.getTime() + SWEEP_GRACE_MS) })
    .where(and(inArray(m.id, overdue), isNull(m.sentAt), unclaimedAt(m.claimedUntil, now)))
    .returning({ id: m.id });
  await enqueueEstimateMessages(
    env,
    taken.map((row) => row.id),
  );
  return taken.length;
}

/** The queue's handler for the estimates' emails. */
export const estimateJobHandlers = {
  estimate: {
    schema: estimateJobSchema,
    run: async (env, job, { now }) =>
      outcomeOf(await deliverEstimateMessage(env, job.messageId, now, (mail) => sendToEach(env.NOTIFY_EMAIL, mail))),
  },
} satisfies Pick<JobHandlers, "estimate">;
