import { eq } from "drizzle-orm";
import { shop } from "~/content/shop";
import { getDb } from "~/db/db.server";
import { shopMailSettings } from "~/db/schema/settings";
import { requiredText } from "~/forms/fields";
import { z } from "~/forms/zod";
import { auditInsert } from "~/features/audit/audit.server";
import { type AppEnv, isMailAddress } from "~/http/env.server";
import { isShopsOwnAddress } from "~/mail/own-addresses.server";
import type { Acting } from "~/http/staff-member.server";

// The shop's mail settings (issue 29 item 7, docs/decisions/051-mail-settings-in-d1.md): who
// receives the shop's emails, whether visitors get a confirmation, and the name replies go out
// under. Stored in D1 by an owner; until one saves them, the configuration's NOTIFY_TO and
// CONFIRM_VISITOR and the shop's name hold. Every email reads them through readMailSettings, fresh
// from D1 each time (no cache): a change counts for the very next email.

export type MailSettings = {
  /** Who receives the shop's emails (new requests, the digest, customers' answers nobody is assigned). */
  recipients: string[];
  /** Whether a visitor gets a confirmation of their request (and a customer their appointment emails). */
  confirmVisitor: boolean;
  /** The display name of the From of every reply sent from a record. */
  senderName: string;
  /** Who saved them last and when; null while the configuration's values hold. */
  saved: { by: string | null; at: Date } | null;
};

export type MailSettingsEnv = Pick<AppEnv, "DB" | "NOTIFY_TO" | "CONFIRM_VISITOR">;

export const MAX_RECIPIENTS = 10;
export const SENDER_NAME_MAX = 80;

/** The values an owner has not changed: the configuration's, and the shop's name. */
export function mailSettingsDefaults(env: Pick<AppEnv, "NOTIFY_TO" | "CONFIRM_VISITOR">): MailSettings {
  return { recipients: [...env.NOTIFY_TO], confirmVisitor: env.CONFIRM_VISITOR, senderName: shop.name, saved: null };
}

/** The one accessor: what holds now. A D1 failure is thrown (the queue retries the email), never guessed. */
export async function readMailSettings(env: MailSettingsEnv): Promise<MailSettings> {
  const [row] = await getDb(env).select().from(shopMailSettings).where(eq(shopMailSettings.id, 1));
  if (!row) return mailSettingsDefaults(env);
  return {
    recipients: row.recipients,
    confirmVisitor: row.confirmVisitor,
    senderName: row.senderName,
    saved: { by: row.updatedBy, at: row.updatedAt },
  };
}

const recipientList = z
  .array(z.string({ error: "Each address must be text." }), { error: "Give the addresses as a list." })
  .transform((list) => [...new Set(list.map((address) => address.trim()).filter(Boolean))])
  .superRefine((list, context) => {
    const wrong = list.filter((address) => !isMailAddress(address));
    if (wrong.length > 0) {
      context.addIssue({
        code: "custom",
        message: `Not an email address: ${wrong.map((address) => `“${address.slice(0, 100)}”`).join(", ")}. Write each as name@example.com.`,
      });
    }
  })
  .refine((list) => list.length > 0, "Give at least one address to receive the shop's emails.")
  .refine((list) => list.length <= MAX_RECIPIENTS, `Up to ${MAX_RECIPIENTS} addresses.`);

const mailSettingsSchema = z.object({
  recipients: recipientList,
  confirmVisitor: z.boolean({ error: "confirmVisitor must be true or false." }),
  senderName: requiredText({
    missing: "Give the name replies are sent under.",
    max: SENDER_NAME_MAX,
    tooLong: `The sender's name can be at most ${SENDER_NAME_MAX} characters.`,
    subject: "The sender's name",
  }),
});

/**
 * What an owner saves (the page and PUT /api/settings/mail alike). Never the shop's own addresses
 * (its sender, its reply addresses): the shop's emails would come back to it as mail, and its
 * notices of an answer would loop (issue 37).
 */
export const mailSettingsSchemaFor = (env: Pick<AppEnv, "NOTIFY_FROM" | "REPLY_DOMAIN">) =>
  mailSettingsSchema.extend({
    recipients: recipientList.superRefine((list, context) => {
      const own = list.filter((address) => isShopsOwnAddress(env, address));
      if (own.length > 0) {
        context.addIssue({
          code: "custom",
          message: `The shop's own address: ${own.map((address) => `“${address.slice(0, 100)}”`).join(", ")}. Its emails would come back to it; give the addresses of people who read them.`,
        });
      }
    }),
  });

export type MailSettingsInput = z.output<ReturnType<typeof mailSettingsSchemaFor>>;

/** The page's form: addresses one a line or comma-separated, the switch as a tick box. */
export function mailSettingsFromForm(form: FormData): unknown {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    recipients: text("recipients").split(/[\n,;]/),
    confirmVisitor: form.get("confirmVisitor") === "on",
    senderName: text("senderName"),
  };
}

/** Stores the owner's settings and audits them; returns what now holds. */
export async function saveMailSettings(env: AppEnv, input: MailSettingsInput, acting: Acting): Promise<MailSettings> {
  const values = {
    recipients: input.recipients,
    confirmVisitor: input.confirmVisitor,
    senderName: input.senderName,
    updatedAt: acting.at,
    updatedBy: acting.actor?.name ?? null,
  };
  const db = getDb(env);
  // The change and its audit entry in one batch: stored together or not at all.
  await db.batch([
    db
      .insert(shopMailSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: shopMailSettings.id, set: values }),
    auditInsert(db, {
      ...acting,
      action: "settings.mail",
      target: "mail",
      detail: {
        recipients: input.recipients.join(", "),
        confirmVisitor: input.confirmVisitor,
        senderName: input.senderName,
      },
    }),
  ]);
  return { ...input, saved: { by: values.updatedBy, at: acting.at } };
}

/** In words, for the owner's toast. */
export function describeMailSettings(settings: Pick<MailSettings, "recipients" | "confirmVisitor">): string {
  return `The shop's emails go to ${settings.recipients.join(", ")}; visitor confirmations are ${settings.confirmVisitor ? "on" : "off"}.`;
}
