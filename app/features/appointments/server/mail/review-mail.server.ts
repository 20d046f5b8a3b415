import { shop } from "~/content/shop";
import type { Appointment } from "~/db/schema/appointments";
import type { ServiceRequest } from "~/db/schema/inbox";
import { type AppEnv, isMailAddress } from "~/http/env.server";
import { htmlLink, htmlPage, shopSender } from "~/mail/html.server";
import { escapeHtml, type OutgoingMail, singleLine } from "~/mail/mime.server";
import type { BookingOptions } from "../../booking-options";

// The email asking for a review after a job (docs/decisions/049): the same words for every
// customer, built when the queue sends it, from D1 as it is then. It goes only while the job is
// still marked done and the owner's switch is still on; it never asks for a good review, only a
// fair one.

type ReviewMailEnv = Pick<AppEnv, "NOTIFY_FROM">;
/** The owner's mail settings (Settings, Emails): whether customers get emails, and the shop's addresses. */
type MailSwitches = { confirmVisitor: boolean; recipients: readonly string[] };

export function buildReviewMail(
  env: ReviewMailEnv,
  row: Appointment,
  request: ServiceRequest,
  options: BookingOptions,
  { messageId, now, mail }: { messageId: string; now: Date; mail: MailSwitches },
): { mail: OutgoingMail } | { skip: string } {
  if (!mail.confirmVisitor) return { skip: "not sent: emails to customers are off (Settings, Emails)" };
  if (!isMailAddress(request.email))
    return { skip: "not sent: the customer's address cannot be written into a header" };
  if (row.status !== "done") return { skip: "not sent: the job is no longer marked done" };
  if (!options.reviewRequestsOn || !options.reviewUrl) return { skip: "not sent: review requests were turned off" };
  const firstName = singleLine(request.firstName);
  const ask = `Thank you for bringing your car to ${shop.name}. If you have a minute, would you tell others how it went? Every review helps, whatever you thought of the visit.`;
  const paragraphs = [
    `Hi ${firstName},`,
    ask,
    `Leave a review: ${options.reviewUrl}`,
    `Anything we should know first? Call us at ${shop.phone.display} or reply to this email.`,
    shop.name,
  ];
  const replyAddress = mail.recipients[0];
  const html = paragraphs
    .map((paragraph) =>
      paragraph.startsWith("Leave a review:")
        ? `<p style="margin:0 0 12px">${htmlLink(options.reviewUrl!, "Leave a review")}</p>`
        : `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`,
    )
    .join("");
  return {
    mail: {
      from: shopSender(env.NOTIFY_FROM),
      to: [request.email],
      ...(replyAddress ? { replyTo: shopSender(replyAddress) } : {}),
      subject: `How did we do? — ${shop.name}`,
      text: paragraphs.join("\n\n"),
      html: htmlPage(html),
      date: now,
      messageId,
    },
  };
}
