import { EmailMessage } from "cloudflare:email";
import { buildRawMessage, type OutgoingMail } from "./mime.server";

/** What one attempt achieved: who has the message now, and what failed (nothing: delivered). */
export type SendResult = {
  sentTo: string[];
  errors: string[];
  /** The Message-IDs send() reported, one per recipient sent to (the platform may write its own). */
  messageIds?: string[];
};

/**
 * Sends one message to each of its recipients who does not have it yet. The send_email binding
 * takes one envelope recipient per message; a recipient that fails does not stop the others.
 */
export async function sendToEach(
  binding: SendEmail,
  mail: OutgoingMail,
  alreadySent: readonly string[] = [],
): Promise<SendResult> {
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
