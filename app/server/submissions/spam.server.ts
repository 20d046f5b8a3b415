import type { SpamReason } from "~/inbox/statuses";

// Spam is kept aside, not dropped: a password manager that fills the hidden field, or a customer
// who pastes three links, must not lose their message without a trace. Staff see it under the
// Spam filter ("Not spam" brings it back); the scheduled purge deletes it after 30 days.

const URL_PATTERN = /\b(?:https?:\/\/|www\.)\S+/gi;
/** A message with at least this many links… */
const SPAM_MIN_LINKS = 3;
/** …and fewer words than this besides them is mostly links. */
const SPAM_MAX_OTHER_WORDS = 10;

/** Whether a message is mostly links: three or more, and fewer than ten words besides. */
export function isMostlyLinks(message: string): boolean {
  const links = message.match(URL_PATTERN)?.length ?? 0;
  if (links < SPAM_MIN_LINKS) return false;
  const otherWords = message
    .replace(URL_PATTERN, " ")
    .split(/\s+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word));
  return otherWords.length < SPAM_MAX_OTHER_WORDS;
}

/** Why a submission is spam, or null when it is not. */
export function spamReasonFor({ honeypotFilled, message }: { honeypotFilled: boolean; message: string }) {
  if (honeypotFilled) return "honeypot" satisfies SpamReason;
  if (isMostlyLinks(message)) return "links" satisfies SpamReason;
  return null;
}
