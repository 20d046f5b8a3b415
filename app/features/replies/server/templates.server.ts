import { asc, count, eq, sql } from "drizzle-orm";
import { type Database, getDb } from "~/db/db.server";
import { replyTemplates } from "~/db/schema/replies";
import { AUDIT_IF_CHANGED, auditInsert, auditInsertIf } from "~/features/audit/audit.server";
import type { AppEnv } from "~/http/env.server";
import { type Outcome, refused, succeeded } from "~/http/outcome.server";
import type { Acting } from "~/http/staff-member.server";
import { MAX_TEMPLATES, type ReplyTemplate, type ReplyTemplateInput } from "../templates";

// The shop's reply templates in D1 (migration 0033): listed for the record page's picker and the
// settings page, added, changed and deleted by owners, each change audited.

export type TemplateOutcome = Outcome<ReplyTemplate>;

const templates = replyTemplates;

export async function listReplyTemplates(env: Pick<AppEnv, "DB">): Promise<ReplyTemplate[]> {
  return getDb(env)
    .select()
    .from(templates)
    .orderBy(asc(sql`lower(${templates.name})`), asc(templates.id));
}

export async function getReplyTemplate(env: Pick<AppEnv, "DB">, id: number): Promise<ReplyTemplate | null> {
  const [row] = await getDb(env).select().from(templates).where(eq(templates.id, id));
  return row ?? null;
}

/** A template id as the address or a form gives it: a positive integer, else null. */
export function templateIdOf(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  return Number(value);
}

const missing = refused("not-found", "There is no such template: someone may have deleted it.", { fieldErrors: {} });

const nameTaken = (name: string) => {
  const message = `A template named “${name}” exists already. Choose another name.`;
  return refused("invalid", message, { fieldErrors: { name: [message] } });
};

// D1 names the broken index in the error (drizzle wraps it as the cause).
const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Error && (/UNIQUE constraint/i.test(error.message) || isUniqueViolation(error.cause));

/** The audit entry of a change to one template, made only if the statement before it changed a row. */
const templateAudit = (
  db: Database,
  acting: Acting,
  action: "settings.reply-template.edit" | "settings.reply-template.delete",
  id: number,
  name: string,
) => auditInsertIf(db, { ...acting, action, target: `reply-templates/${id}`, detail: { name } }, AUDIT_IF_CHANGED);

export async function addReplyTemplate(
  env: AppEnv,
  input: ReplyTemplateInput,
  acting: Acting,
): Promise<TemplateOutcome> {
  const db = getDb(env);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(templates);
  if (total >= MAX_TEMPLATES) {
    return refused("invalid", `The shop keeps up to ${MAX_TEMPLATES} templates: delete one first.`, {
      fieldErrors: {},
    });
  }
  let row: ReplyTemplate | undefined;
  try {
    // The template and its audit entry in one batch (its id is not known before: the entry names it).
    [[row]] = await db.batch([
      db
        .insert(templates)
        .values({ ...input, updatedAt: acting.at, updatedBy: acting.actor?.name ?? null })
        .returning(),
      auditInsert(db, {
        ...acting,
        action: "settings.reply-template.add",
        target: "reply-templates",
        detail: { name: input.name },
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken(input.name);
    throw error;
  }
  if (!row) throw new Error("The template was not stored");
  return succeeded(row);
}

export async function editReplyTemplate(
  env: AppEnv,
  id: number,
  input: ReplyTemplateInput,
  acting: Acting,
): Promise<TemplateOutcome> {
  const db = getDb(env);
  let row: ReplyTemplate | undefined;
  try {
    // The entry only if the template was there to change, in the change's own batch.
    [[row]] = await db.batch([
      db
        .update(templates)
        .set({ ...input, updatedAt: acting.at, updatedBy: acting.actor?.name ?? null })
        .where(eq(templates.id, id))
        .returning(),
      templateAudit(db, acting, "settings.reply-template.edit", id, input.name),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken(input.name);
    throw error;
  }
  if (!row) return missing;
  return succeeded(row);
}

export async function deleteReplyTemplate(env: AppEnv, id: number, acting: Acting): Promise<TemplateOutcome> {
  const db = getDb(env);
  const existing = await getReplyTemplate(env, id);
  if (!existing) return missing;
  const [[row]] = await db.batch([
    db.delete(templates).where(eq(templates.id, id)).returning(),
    templateAudit(db, acting, "settings.reply-template.delete", id, existing.name),
  ]);
  // Deleted by someone else in between.
  if (!row) return missing;
  return succeeded(row);
}
