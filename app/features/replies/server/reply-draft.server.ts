import type { RouterContextProvider } from "react-router";
import type { InboxKind } from "~/records/kinds";
import { getEnv, getRequestTime } from "~/http/context.server";
import { getShopSchedule } from "~/features/settings/settings.server";
import { serviceNames } from "~/features/catalog/catalog.server";
import { fillTemplate, placeholderValues, type TemplateRecord } from "./template-fill.server";
import { getReplyTemplate, listReplyTemplates, templateIdOf } from "./templates.server";

// A reply drafted from a template for one record: the record page (?template=<id>) and
// GET /api/<kind>/<id>/reply-draft?template=<id> both come here.

export type ReplyDraft = { templateId: number; name: string; subject: string; body: string };

/** The template filled from the record, as of the request's time; null for an unknown template. */
export async function replyDraft(
  context: Readonly<RouterContextProvider>,
  kind: InboxKind,
  record: TemplateRecord,
  templateId: number,
): Promise<ReplyDraft | null> {
  const now = getRequestTime(context);
  const [template, schedule, services] = await Promise.all([
    getReplyTemplate(getEnv(context), templateId),
    getShopSchedule(context, now),
    serviceNames(context),
  ]);
  if (!template) return null;
  const values = placeholderValues(kind, record, { schedule, now, services });
  return {
    templateId: template.id,
    name: template.name,
    subject: fillTemplate(template.subject, values),
    body: fillTemplate(template.body, values),
  };
}

/** The record page's picker: every template's id and name. */
export async function templateChoices(context: Readonly<RouterContextProvider>) {
  const all = await listReplyTemplates(getEnv(context));
  return all.map(({ id, name }) => ({ id, name }));
}

/**
 * What the record page's reply form starts from: the templates to pick from and, when the address
 * names one (`?template=<id>`, the picker's GET), that template filled from this record.
 */
export async function replyComposer(
  context: Readonly<RouterContextProvider>,
  kind: InboxKind,
  record: TemplateRecord,
  picked: string | null,
) {
  const id = templateIdOf(picked);
  const [templates, draft] = await Promise.all([
    templateChoices(context),
    id === null ? null : replyDraft(context, kind, record, id),
  ]);
  return { templates, draft, templateMissing: picked !== null && picked !== "" && draft === null };
}
