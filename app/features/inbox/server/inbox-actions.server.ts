import { data } from "react-router";
import { inboxKinds, inboxTabPath, type InboxKind } from "~/records/kinds";
import type { RecordActionResult } from "~/features/inbox/record-action";
import { isSubmissionStatus, statusLabels } from "~/records/statuses";
import type { Acting } from "../../../http/staff-member.server";
import type { AppEnv } from "../../../http/env.server";
import { deskFormAction } from "../../desk/desk.server";
import { changeStatus, deleteRecord } from "../inbox.server";
import { readPostedForm } from "../../../http/request-body.server";
import { askAgainIfStale } from "../../second-factor/second-factor.server";
import { NO_STORE } from "../../../http/responses.server";
import { refusalData, refused, succeeded, type Outcome } from "../../../http/outcome.server";
import { headersWithToast, redirectWithToast, type ToastInput } from "../../../http/toast.server";

// The page forms that act on one record (/incoming/<kind>/<id>): its status buttons (on the inbox
// card and on the record's page) and its Delete. Without JavaScript a form carries `returnTo`, and
// the answer is a redirect there with a toast (post/redirect/get). With JavaScript the page sends
// the same form through a fetcher without `returnTo`: the answer is data, the toast rides along as
// a cookie, and a refusal comes back as `{ ok: false, message }` for the page to undo its change.

// A note of 2,000 characters, each up to 4 bytes, percent-encoded, fits.
const ACTION_BODY_LIMIT_BYTES = 32 * 1024;

/** Only the inbox's own pages: never another site, never `//host`. */
function safeReturnPath(value: FormDataEntryValue | null): string | null {
  return typeof value === "string" && /^\/incoming(?:[/?]|$)/.test(value) && !/[\\\s]/.test(value) ? value : null;
}

/** What the visitor typed into a desk form, to give it back (text fields only, each cut to its size). */
function typedFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ["outcome", "note", "date", "time", "assignee"]) {
    const value = form.get(name);
    if (typeof value === "string") fields[name] = value.slice(0, 4000);
  }
  return fields;
}

/** The record page's action, for a signed-in staff member (the route checks the session first). */
export async function handleRecordAction(request: Request, env: AppEnv, acting: Acting, kind: InboxKind, id: string) {
  const posted = await readPostedForm(request, { limitBytes: ACTION_BODY_LIMIT_BYTES, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  const returnTo = safeReturnPath(form.get("returnTo"));
  const name = inboxKinds[kind].singular.toLowerCase();

  // A success's toast, or a refusal: as a red toast after a redirect, or as `{ ok: false, message }`.
  const answer = async (outcome: Outcome<ToastInput>, to = returnTo) => {
    if (!outcome.ok) {
      const { message } = outcome.refusal;
      if (to) {
        const toast = { title: "Nothing changed", description: message, variant: "destructive" } as const;
        return redirectWithToast(env, to, toast, { headers: NO_STORE });
      }
      return refusalData(outcome.refusal, { ok: false, message } satisfies RecordActionResult, NO_STORE);
    }
    if (to) return redirectWithToast(env, to, outcome.value, { headers: NO_STORE });
    const headers = await headersWithToast(env, outcome.value, NO_STORE);
    return data({ ok: true } satisfies RecordActionResult, { headers });
  };
  const gone = () => answer(refused("not-found", `This ${name} no longer exists: someone may have deleted it.`));

  try {
    const intent = form.get("intent");
    switch (typeof intent === "string" ? intent : "") {
      case "status": {
        const status = form.get("status");
        if (!isSubmissionStatus(status)) return answer(refused("invalid", "That is not a status a record can have."));
        const record = await changeStatus(env, kind, id, status, acting);
        if (!record) return gone();
        return answer(
          succeeded({
            title: "Status changed",
            description: `${record.firstName} ${record.lastName}: ${statusLabels[record.status]}`,
          }),
        );
      }
      case "delete": {
        if (form.get("confirm") !== "yes") {
          return answer(refused("invalid", "Tick the box to confirm that this record should be deleted for good."));
        }
        const asked = await askAgainIfStale(request, env, acting.at);
        if (asked) return asked;
        if (!(await deleteRecord(env, kind, id, acting))) return gone();
        // The record's page is gone: back to its list, whatever page sent the form.
        return answer(
          succeeded({ title: "Deleted", description: `The ${name} and its history were deleted for good.` }),
          inboxTabPath(kind),
        );
      }
      default: {
        // The call-back desk's forms (app/features/desk/server/): a refusal comes back as data with what was
        // typed, with or without JavaScript, so the page shows the message beside the form.
        const desk = await deskFormAction(env, kind, id, form, acting);
        if (!desk)
          return answer(refused("invalid", "This form could not be read. Please reload the page and try again."));
        if (desk.ok) return answer(desk);
        if (desk.refusal.reason === "not-found") return gone();
        const result: RecordActionResult = {
          ok: false,
          message: desk.refusal.message,
          intent: typeof intent === "string" ? intent : "",
          fields: typedFields(form),
        };
        return refusalData(desk.refusal, result, NO_STORE);
      }
    }
  } catch (error) {
    console.error(`Inbox action on ${kind} ${id} failed`, error);
    return answer(refused("unavailable", "The change could not be saved just now. Please try again in a moment."));
  }
}
