import type { RouterContextProvider } from "react-router";
import type { Acting } from "../../../http/staff-member.server";
import { getEnv } from "../../../http/context.server";
import { refusalData, refused } from "../../../http/outcome.server";
import { readPostedForm } from "../../../http/request-body.server";
import { NO_STORE } from "../../../http/responses.server";
import { redirectWithToast } from "../../../http/toast.server";
import { setResponseRecordShown } from "../insights.server";

// The insights page's one form: the owner's switch "Show our response record on the website", a
// plain HTML post (a hidden "false" before the checkbox's "true", so an unticked box says so) to
// /incoming/insights/response-record, behind the owners' gate (403 for staff) and the fresh check.

const FORM_LIMIT_BYTES = 1024;
export const RESPONSE_RECORD_INTENT = "response-record";

const unreadable = () => {
  const { refusal } = refused("invalid", "This form could not be read. Please reload the page and try again.");
  return refusalData(refusal, { message: refusal.message }, NO_STORE);
};

/** `acting`: the owner posting (the owners' gate let them in). */
export async function handleInsightsForm(request: Request, context: Readonly<RouterContextProvider>, acting: Acting) {
  const posted = await readPostedForm(request, { limitBytes: FORM_LIMIT_BYTES, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  const shown = form.getAll("show");
  if (
    form.get("intent") !== RESPONSE_RECORD_INTENT ||
    shown.length === 0 ||
    shown.length > 2 ||
    !shown.every((value) => value === "true" || value === "false")
  ) {
    throw unreadable();
  }
  const show = shown.includes("true");
  const env = getEnv(context);
  await setResponseRecordShown(env, show, acting);
  const back = `/incoming/insights${new URL(request.url).search}#on-the-website`;
  return redirectWithToast(env, back, {
    title: "Saved",
    description: show
      ? "The website shows your response record once at least 20 requests came in the last 30 days."
      : "The website no longer shows your response record.",
  });
}
