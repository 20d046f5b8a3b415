import { eq } from "drizzle-orm";
import { shop } from "~/content/shop";
import { getDb } from "~/db/db.server";
import { type StaffToken, staffTokens, users } from "~/db/schema/staff";
import { formatShopDateTime } from "~/hours/shop-calendar";
import { roleLabels } from "~/http/staff-roles";
import { type AppEnv, isMailAddress } from "../../../http/env.server";
import { enqueueJobs, type NotificationJob } from "../../notifications/notifications.server";
import { htmlLink, htmlPage, shopSender } from "../../../mail/html.server";
import { domainOf, escapeHtml, type OutgoingMail } from "../../../mail/mime.server";
import { joinPath, resetPath, staffLinkUrl } from "./staff-links.server";
import { sealToken, tokenId, unsealToken } from "./tokens.server";

// Invitation and reset emails go through the notifications' queue and mail binding: a job per
// email, retried by the queue like the shop's own. The job carries the link's token sealed
// (tokens.server.ts); the consumer reads everything else from D1 when it runs, so a link revoked,
// used or expired meanwhile is never sent.

export type StaffEmailJob = Extract<NotificationJob, { type: "staffEmail" }>;
export type StaffMailEnv = Pick<AppEnv, "DB" | "NOTIFY_EMAIL" | "NOTIFY_FROM" | "SITE_URL" | "SESSION_SECRET">;

export async function enqueueStaffEmail(env: Pick<AppEnv, "NOTIFY_QUEUE" | "SESSION_SECRET">, token: string) {
  await enqueueJobs(env, [{ type: "staffEmail", sealedToken: await sealToken(token, env.SESSION_SECRET) }]);
}

function mailOf(
  paragraphs: { text: string; link?: string }[],
  fields: Pick<OutgoingMail, "subject" | "to" | "messageId" | "from" | "date">,
): OutgoingMail {
  return {
    ...fields,
    text: paragraphs.map(({ text, link }) => (link ? `${text}\n${link}` : text)).join("\n\n"),
    html: htmlPage(
      paragraphs
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
      { text: "Hello," },
      { text: `${inviter} invited you to the staff side of ${shop.name}'s website, as ${role}.` },
      { text: "Choose your username and password here:", link },
      { text: expiry(row) },
      { text: "If you did not expect this, you can ignore this email." },
    ],
    {
      from: shopSender(from),
      to: [to],
      subject: `You are invited to ${shop.name}'s staff site`,
      date: now,
      messageId: `invitation.${row.id}@${domainOf(from)}`,
    },
  );
}

function resetMail(row: StaffToken, username: string, link: string, to: string, from: string, now: Date) {
  const who = row.createdByName ? `${row.createdByName} asked` : "Someone asked";
  return mailOf(
    [
      { text: "Hello," },
      { text: `${who} for a new password for your staff account “${username}” at ${shop.name}.` },
      { text: "Choose a new password here:", link },
      { text: `${expiry(row)} Setting a new password signs the account out everywhere.` },
      { text: "If you did not ask for this, ignore this email: your password stays as it is." },
    ],
    {
      from: shopSender(from),
      to: [to],
      subject: `A new password for ${shop.name}'s staff site`,
      date: now,
      messageId: `reset.${row.id}@${domainOf(from)}`,
    },
  );
}

/** The email a queued job stands for, or null when there is nothing (any more) to send. */
export async function staffEmailFor(env: StaffMailEnv, job: StaffEmailJob, now: Date): Promise<OutgoingMail | null> {
  const token = await unsealToken(job.sealedToken, env.SESSION_SECRET);
  const id = token && tokenId(token);
  if (!token || !id) {
    console.error("Dropping a staff email whose link cannot be opened (was SESSION_SECRET changed?)");
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
