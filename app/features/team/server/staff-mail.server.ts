import { eq } from "drizzle-orm";
import { shop } from "~/content/shop";
import { getDb } from "~/db/db.server";
import { type StaffToken, staffTokens, users } from "~/db/schema/staff";
import { formatShopDateTime } from "~/hours/shop-calendar";
import { roleLabels } from "~/http/staff-roles";
import { type AppEnv, isMailAddress } from "../../../http/env.server";
import { z } from "~/forms/zod";
import type { SecretsEnv } from "~/keys/keys.server";
import { enqueueJobs } from "../../../queue/jobs.server";
import { htmlLink, htmlPage, shopSender } from "../../../mail/html.server";
import { domainOf, escapeHtml, type OutgoingMail } from "../../../mail/mime.server";
import { joinPath, resetPath, staffLinkUrl } from "./staff-links.server";
import { sealToken, tokenId, unsealToken } from "./tokens.server";

// Invitation and reset emails go through the queue (app/queue/jobs.server.ts) and the mail binding: a job per
// email, retried by the queue like the shop's own. The job carries the link's token sealed
// (tokens.server.ts); the consumer reads everything else from D1 when it runs, so a link revoked,
// used or expired meanwhile is never sent.

/** An invitation or password-reset link, its token sealed. */
export const staffEmailJobSchema = z.object({ type: z.literal("staffEmail"), sealedToken: z.string().min(1).max(512) });

/**
 * A notice to a member about their own account: their email was changed (sent to the address it
 * had, which D1 no longer holds; queued by the account), or their sign-in codes were locked after
 * too many wrong ones (sent to the address on the account; queued by the second factor).
 */
export const memberNoticeJobSchema = z.object({
  type: z.literal("memberNotice"),
  notice: z.enum(["email-changed", "codes-locked"]),
  userId: z.string().min(1).max(64),
  to: z.email().max(254).optional(),
});

export type StaffEmailJob = z.infer<typeof staffEmailJobSchema>;
export type MemberNoticeJob = z.infer<typeof memberNoticeJobSchema>;

declare module "../../../queue/jobs.server" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging takes an interface
  interface QueuedJobs {
    staffEmail: StaffEmailJob;
    memberNotice: MemberNoticeJob;
  }
}
export type StaffMailEnv = Pick<AppEnv, "DB" | "NOTIFY_EMAIL" | "NOTIFY_FROM" | "SITE_URL"> & SecretsEnv;

export async function enqueueStaffEmail(env: Pick<AppEnv, "NOTIFY_QUEUE"> & SecretsEnv, token: string) {
  await enqueueJobs(env, [{ type: "staffEmail", sealedToken: await sealToken(token, env) }]);
}

/** Who sends a staff email, to whom and when; its Message-ID is `key` (what it is about) at the sender's domain. */
const envelope = (from: string, to: string, now: Date, key: string) => ({
  from: shopSender(from),
  to: [to],
  date: now,
  messageId: `${key}@${domainOf(from)}`,
});

/** A staff email: "Hello," then the paragraphs, as plain text and as HTML. */
function mailOf(
  paragraphs: { text: string; link?: string }[],
  fields: Pick<OutgoingMail, "subject" | "to" | "messageId" | "from" | "date">,
): OutgoingMail {
  const all = [{ text: "Hello," }, ...paragraphs];
  return {
    ...fields,
    text: all.map(({ text, link }) => (link ? `${text}\n${link}` : text)).join("\n\n"),
    html: htmlPage(
      all
        .map(
          ({ text, link }) =>
            `<p style="margin:0 0 12px">${escapeHtml(text)}${link ? `<br>${htmlLink(link, link)}` : ""}</p>`,
        )
        .join(""),
    ),
  };
}

const expiry = (row: StaffToken) => `The link works once and expires ${formatShopDateTime(row.expiresAt)}.`;

function invitationMail(row: StaffToken, link: string, to: string, from: string, now: Date): OutgoingMail {
  const inviter = row.createdByName ?? "An owner";
  const role = roleLabels[row.role ?? "staff"];
  return mailOf(
    [
      { text: `${inviter} invited you to the staff side of ${shop.name}'s website, as ${role}.` },
      { text: "Choose your username and password here:", link },
      { text: expiry(row) },
      { text: "If you did not expect this, you can ignore this email." },
    ],
    { ...envelope(from, to, now, `invitation.${row.id}`), subject: `You are invited to ${shop.name}'s staff site` },
  );
}

function resetMail(row: StaffToken, username: string, link: string, to: string, from: string, now: Date) {
  const who = row.createdByName ? `${row.createdByName} asked` : "Someone asked";
  return mailOf(
    [
      { text: `${who} for a new password for your staff account “${username}” at ${shop.name}.` },
      { text: "Choose a new password here:", link },
      { text: `${expiry(row)} Setting a new password signs the account out everywhere.` },
      { text: "If you did not ask for this, ignore this email: your password stays as it is." },
    ],
    { ...envelope(from, to, now, `reset.${row.id}`), subject: `A new password for ${shop.name}'s staff site` },
  );
}

/** The email a queued job stands for, or null when there is nothing (any more) to send. */
export async function staffEmailFor(env: StaffMailEnv, job: StaffEmailJob, now: Date): Promise<OutgoingMail | null> {
  const token = await unsealToken(job.sealedToken, env);
  const id = token && tokenId(token);
  if (!token || !id) {
    console.error(
      "Dropping a staff email whose link cannot be opened (was SESSION_SECRET changed without SESSION_SECRET_PREVIOUS?)",
    );
    return null;
  }
  const db = getDb(env);
  const row = await db.query.staffTokens.findFirst({ where: eq(staffTokens.id, id) });
  if (!row || row.usedAt || row.revokedAt || row.expiresAt <= now) return null;
  const path = row.purpose === "invitation" ? joinPath(token) : resetPath(token);
  const link = staffLinkUrl(env, path);
  if (!link) {
    console.error("No staff email: set SITE_URL, the site's address, so its link can be built", { id });
    return null;
  }
  if (row.purpose === "invitation") {
    return row.email && isMailAddress(row.email) ? invitationMail(row, link, row.email, env.NOTIFY_FROM, now) : null;
  }
  const user = row.userId ? await db.query.users.findFirst({ where: eq(users.id, row.userId) }) : undefined;
  if (!user?.email || user.removedAt || !isMailAddress(user.email)) return null;
  return resetMail(row, user.username, link, user.email, env.NOTIFY_FROM, now);
}

/**
 * A notice about a member's own account, or null when there is no one to send it to: the email
 * changed (to the address it had), or sign-in codes locked after too many wrong ones.
 */
export async function memberNoticeFor(
  env: StaffMailEnv,
  job: MemberNoticeJob,
  now: Date,
): Promise<OutgoingMail | null> {
  const user = await getDb(env).query.users.findFirst({ where: eq(users.id, job.userId) });
  if (!user || user.removedAt) return null;
  const to = job.notice === "email-changed" ? job.to : user.email;
  if (!to || !isMailAddress(to)) return null;
  const fields = envelope(env.NOTIFY_FROM, to, now, `${job.notice}.${user.id}.${now.getTime()}`);
  if (job.notice === "email-changed") {
    return mailOf(
      [
        {
          text: `The email address of your staff account “${user.username}” at ${shop.name} was changed on ${formatShopDateTime(now)}. This address no longer receives its password-reset links.`,
        },
        {
          text: "If you did this, there is nothing more to do. If you did not, tell one of the shop's owners at once: they can disable the account and send a password reset to an address you trust.",
        },
      ],
      { ...fields, subject: `The email of your ${shop.name} staff account was changed` },
    );
  }
  return mailOf(
    [
      { text: "Hello," },
      {
        text: `Too many wrong sign-in codes were entered for your staff account “${user.username}” at ${shop.name}, so codes no longer sign it in (${formatShopDateTime(now)}).`,
      },
      {
        text: "To sign in again, use “Forgot password?” on the sign-in page to set a new password by email, or ask one of the shop's owners. If this was not you, someone knows your password: choose a new one.",
      },
    ],
    { ...fields, subject: `Sign-in codes locked on your ${shop.name} staff account` },
  );
}
