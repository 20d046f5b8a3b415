import { data } from "react-router";
import { formatPhone } from "~/forms/phone-link";
import { inboxKinds, type InboxKind } from "~/records/kinds";
import type { AppEnv } from "~/http/env.server";
import { handleJsonWrite } from "~/http/json-endpoint.server";
import { readPostedForm } from "~/http/request-body.server";
import { jsonAnswer, type Refusal, refusalData, refused, succeeded } from "~/http/outcome.server";
import { NO_STORE } from "~/http/responses.server";
import type { Acting } from "~/http/staff-member.server";
import { headersWithToast, redirectWithToast } from "~/http/toast.server";
import { type ReplyFormResult, type ReplyInput, replySchema } from "../messages";
import { markHandled, sendReply, type SendReplyResult } from "../replies.server";

// The two doors of a reply: POST /api/<kind>/<id>/replies (JSON) and the record page's form
// (/incoming/<kind>/<id>/reply), both reading the same schema and calling sendReply.

// 5,000 characters of up to 4 bytes each, percent-encoded (3 characters a byte) or \u-escaped in
// JSON (12 for a surrogate pair), with a subject: 64 KB holds any reply the rules allow.
const REPLY_BODY_LIMIT_BYTES = 64 * 1024;

const noEmailMessage = (phone: string) =>
  `This customer gave no email address a reply can be sent to: call them at ${formatPhone(phone)}.`;
const missing = (kind: InboxKind) =>
  refused(
    "not-found",
    `There is no ${inboxKinds[kind].singular.toLowerCase()} with this id: someone may have deleted it.`,
  ).refusal;

/** Why a reply was not sent: the record is gone, or the customer left no address to send it to. */
const refusalOf = (kind: InboxKind, result: Extract<SendReplyResult, { ok: false }>): Refusal =>
  result.reason === "missing" ? missing(kind) : refused("conflict", noEmailMessage(result.phone)).refusal;

/** POST /api/<kind>/<id>/replies `{ body, subject? }` → 201 with the stored reply, 409 without an address. */
export function replyApiResponse(request: Request, env: AppEnv, acting: Acting, kind: InboxKind, id: string) {
  return handleJsonWrite(
    request,
    {
      schema: replySchema,
      limitBytes: REPLY_BODY_LIMIT_BYTES,
      invalidMessage: "Send the reply's body (and a subject if you like).",
    },
    async (input) => {
      const result = await sendReply(env, kind, id, input, acting);
      if (!result.ok) return jsonAnswer({ ok: false, refusal: refusalOf(kind, result) });
      const { id: messageId, direction, at, by, subject, text, status } = result.message;
      return jsonAnswer(succeeded({ id: messageId, direction, at, by, subject, body: text, status }), 201);
    },
  );
}

const typed = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 20_000) : "";
};

/** Only the inbox's own pages: never another site, never `//host`. */
function safeReturnPath(value: FormDataEntryValue | null): string | null {
  return typeof value === "string" && /^\/incoming(?:[/?]|$)/.test(value) && !/[\\\s]/.test(value) ? value : null;
}

/**
 * The reply form's action. Without JavaScript the form carries `returnTo`: a reply sent redirects
 * there with a toast (post/redirect/get); a refusal renders the reply page with what was typed.
 * With JavaScript (no `returnTo`) the answer is data, the toast riding along as a cookie.
 */
export async function replyFormAction(request: Request, env: AppEnv, acting: Acting, kind: InboxKind, id: string) {
  const posted = await readPostedForm(request, { limitBytes: REPLY_BODY_LIMIT_BYTES, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  const returnTo = safeReturnPath(form.get("returnTo"));
  if (form.get("intent") === "handled") {
    if (!(await markHandled(env, kind, id, acting))) {
      const refusal = missing(kind);
      const shown = { ok: false, message: refusal.message, fields: { subject: "", body: "" } } as const;
      return refusalData<ReplyFormResult>(refusal, shown, NO_STORE);
    }
    const toast = { title: "Marked handled", description: "The customer's answer no longer waits on the team." };
    if (returnTo) return redirectWithToast(env, returnTo, toast, { headers: NO_STORE });
    return data<ReplyFormResult>({ ok: true }, { headers: await headersWithToast(env, toast, NO_STORE) });
  }
  const fields = { subject: typed(form, "subject"), body: typed(form, "body") };
  const refuse = (refusal: Refusal, fieldErrors?: Record<string, string>) =>
    refusalData<ReplyFormResult>(refusal, { ok: false, message: refusal.message, fields, fieldErrors }, NO_STORE);

  const parsed = replySchema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return refuse(
      refused("invalid", Object.values(fieldErrors)[0] ?? "The reply could not be read.").refusal,
      fieldErrors,
    );
  }
  let result: SendReplyResult;
  try {
    result = await sendReply(env, kind, id, parsed.data satisfies ReplyInput, acting);
  } catch (error) {
    console.error(`Reply on ${kind} ${id} failed`, error);
    return refuse(
      refused("unavailable", "The reply could not be saved just now. Please try again in a moment.").refusal,
    );
  }
  if (!result.ok) return refuse(refusalOf(kind, result));
  const toast = {
    title: "Reply on its way",
    description: "The conversation shows it as sent once the mail service has it.",
  };
  if (returnTo) return redirectWithToast(env, returnTo, toast, { headers: NO_STORE });
  return data<ReplyFormResult>({ ok: true }, { headers: await headersWithToast(env, toast, NO_STORE) });
}
