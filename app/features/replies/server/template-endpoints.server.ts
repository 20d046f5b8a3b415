import type { RouterContextProvider } from "react-router";
import { inboxKindOfApiUrl, inboxKinds, type InboxKind } from "~/records/kinds";
import { getEnv } from "~/http/context.server";
import { handleJsonWrite } from "~/http/json-endpoint.server";
import { readPostedForm } from "~/http/request-body.server";
import {
  jsonAnswer,
  mapSuccess,
  redirectWithRefusal,
  type Refusal,
  refusalData,
  refused,
  succeeded,
} from "~/http/outcome.server";
import { jsonResponse, methodNotAllowed, NO_STORE } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { redirectWithToast } from "~/http/toast.server";
import { getRecord } from "~/features/inbox/inbox.server";
import { PLACEHOLDERS, type ReplyTemplate, replyTemplateSchema } from "../templates";
import { replyDraft } from "./reply-draft.server";
import {
  addReplyTemplate,
  deleteReplyTemplate,
  editReplyTemplate,
  getReplyTemplate,
  listReplyTemplates,
  type TemplateOutcome,
  templateIdOf,
} from "./templates.server";

// The doors of the reply templates: the owners' JSON API under /api/settings/reply-templates, the
// settings page's forms (/incoming/settings/reply-templates), and the staff's
// GET /api/<kind>/<id>/reply-draft. One schema (templates.ts), one store (templates.server.ts).

const LIMIT_BYTES = 32 * 1024;
const PAGE = "/incoming/settings/reply-templates";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

const asJson = (template: ReplyTemplate) => ({ ...template, updatedAt: template.updatedAt.toISOString() });

const answer = (outcome: TemplateOutcome, status = 200) =>
  jsonAnswer(
    mapSuccess(outcome, (template) => ({ template: asJson(template) })),
    status,
  );

const noSuchTemplate = refused("not-found", "There is no such template: someone may have deleted it.");

/** GET /api/settings/reply-templates: every template, and the placeholders they may use. */
export async function templatesResponse({ context }: Args) {
  const templates = await listReplyTemplates(getEnv(context));
  return jsonResponse({ templates: templates.map(asJson), placeholders: PLACEHOLDERS }, 200, NO_STORE);
}

/** POST /api/settings/reply-templates `{ name, subject, body }` → 201 `{ template }`. */
export function postTemplate({ request, context }: Args) {
  return handleJsonWrite(
    request,
    {
      allowed: ["GET", "HEAD", "POST"],
      schema: replyTemplateSchema,
      limitBytes: LIMIT_BYTES,
      invalidMessage: "The template was not saved: some fields need attention.",
    },
    async (input) => answer(await addReplyTemplate(getEnv(context), input, actingMember(request, context)), 201),
  );
}

/** GET /api/settings/reply-templates/<id>. */
export async function templateResponse({ context, params }: Args) {
  const id = templateIdOf(params.templateId);
  const template = id === null ? null : await getReplyTemplate(getEnv(context), id);
  return jsonAnswer(template ? succeeded({ template: asJson(template) }) : noSuchTemplate, 200, NO_STORE);
}

/** PUT /api/settings/reply-templates/<id> `{ name, subject, body }`; DELETE /api/settings/reply-templates/<id>. */
export async function writeTemplate({ request, context, params }: Args) {
  const id = templateIdOf(params.templateId);
  if (request.method === "DELETE") {
    if (id === null) return jsonAnswer(noSuchTemplate);
    const outcome = await deleteReplyTemplate(getEnv(context), id, actingMember(request, context));
    return jsonAnswer(mapSuccess(outcome, (template) => ({ message: `The template “${template.name}” is deleted.` })));
  }
  if (request.method !== "PUT") return methodNotAllowed(["GET", "HEAD", "PUT", "DELETE"]);
  return handleJsonWrite(
    request,
    {
      method: "PUT",
      allowed: ["GET", "HEAD", "PUT", "DELETE"],
      schema: replyTemplateSchema,
      limitBytes: LIMIT_BYTES,
      invalidMessage: "The template was not saved: some fields need attention.",
    },
    async (input) =>
      id === null
        ? jsonAnswer(noSuchTemplate)
        : answer(await editReplyTemplate(getEnv(context), id, input, actingMember(request, context))),
  );
}

/** GET /api/<kind>/<id>/reply-draft?template=<id> (staff): the template filled from the record. */
export async function replyDraftResponse({ request, context, params }: Args) {
  const kind: InboxKind = inboxKindOfApiUrl(request.url);
  const templateId = templateIdOf(new URL(request.url).searchParams.get("template"));
  if (templateId === null) {
    const fieldErrors = { template: ["Give a template's id."] };
    return jsonAnswer(refused("invalid", "Name the template: ?template=<id>.", { fieldErrors }));
  }
  const record = await getRecord(getEnv(context), kind, params.id ?? "");
  if (!record) {
    return jsonAnswer(refused("not-found", `There is no ${inboxKinds[kind].singular.toLowerCase()} with this id.`));
  }
  const draft = await replyDraft(context, kind, record, templateId);
  return jsonAnswer(draft ? succeeded(draft) : noSuchTemplate, 200, NO_STORE);
}

// ------------------------------------------------------------------------------------------------
// The settings page's forms

export const TEMPLATE_INTENTS = ["template.add", "template.edit", "template.delete"] as const;
export type TemplateIntent = (typeof TEMPLATE_INTENTS)[number];

export type TemplateFormRefusal = {
  intent: TemplateIntent;
  /** The template the form was for; null when adding. */
  id: number | null;
  message: string;
  errors: Partial<Record<"name" | "subject" | "body", string>>;
  entered: { name: string; subject: string; body: string };
};

const isIntent = (value: unknown): value is TemplateIntent =>
  typeof value === "string" && (TEMPLATE_INTENTS as readonly string[]).includes(value);

export async function templateFormAction({ request, context }: Args) {
  const env = getEnv(context);
  const posted = await readPostedForm(request, { limitBytes: LIMIT_BYTES, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  const intent = form.get("intent");
  const acting = actingMember(request, context);
  const nothing = (message: string) => redirectWithRefusal(env, PAGE, refused("invalid", message).refusal);
  if (!isIntent(intent)) return nothing("This form could not be read. Please reload the page and try again.");
  const id = templateIdOf(form.get("id"));
  if (intent !== "template.add" && id === null) return nothing("This form could not be read. Please reload the page.");

  if (intent === "template.delete") {
    const outcome = await deleteReplyTemplate(env, id ?? 0, acting);
    if (!outcome.ok) return redirectWithRefusal(env, PAGE, outcome.refusal);
    return redirectWithToast(env, PAGE, {
      title: "Deleted",
      description: `The template “${outcome.value.name}” is deleted.`,
    });
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 20_000) : "";
  };
  const entered = { name: text("name"), subject: text("subject"), body: text("body") };
  // The page's own refusal: each field's first message, and what was typed.
  const refuse = ({ message, fieldErrors = {} }: Refusal) => {
    const errors = Object.fromEntries(Object.entries(fieldErrors).map(([field, [first]]) => [field, first]));
    return { intent, id, message, errors, entered } satisfies TemplateFormRefusal;
  };

  const parsed = replyTemplateSchema.safeParse(entered);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= [issue.message];
    const refusal = refused("invalid", "The template was not saved: some fields need attention.", { fieldErrors });
    return refusalData(refusal.refusal, refuse(refusal.refusal), NO_STORE);
  }
  const outcome =
    intent === "template.add"
      ? await addReplyTemplate(env, parsed.data, acting)
      : await editReplyTemplate(env, id ?? 0, parsed.data, acting);
  if (!outcome.ok) {
    if (outcome.refusal.reason === "not-found") return redirectWithRefusal(env, PAGE, outcome.refusal);
    return refusalData(outcome.refusal, refuse(outcome.refusal), NO_STORE);
  }
  return redirectWithToast(env, `${PAGE}#template-${outcome.value.id}`, {
    title: "Saved",
    description: `The template “${outcome.value.name}” is saved.`,
  });
}
