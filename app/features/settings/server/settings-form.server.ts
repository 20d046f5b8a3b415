import type { RouterContextProvider } from "react-router";
import { parseFormData } from "~/forms/parse-form";
import { SETTINGS_INTENTS, type SettingsIntent } from "~/features/settings/components/settings-intents";
import { actingMember } from "../../../http/staff-member.server";
import { getEnv, getRequestTime } from "../../../http/context.server";
import { readPostedForm } from "../../../http/request-body.server";
import { formErrorsOf, redirectWithRefusal, refusalData, refused } from "~/http/outcome.server";
import { NO_STORE } from "../../../http/responses.server";
import { redirectWithToast } from "../../../http/toast.server";
import { applySettingsChange, changeSchemaAt, type SettingsChange } from "./settings-changes.server";

/** A form that does not pass its schema: conform's result shows each field's problem. */
const { refusal: invalidForm } = refused("invalid", "Some fields need attention.");

// The settings page's forms (/incoming/settings), each a plain HTML post with an `intent`: valid
// input makes the same change as the owners' API and answers with a redirect back to its section
// and a toast (post/redirect/get); anything else returns the owner's input and what to fix.

const SETTINGS_FORM_LIMIT_BYTES = 16 * 1024;
const PAGE = "/incoming/settings";

/** Each form's section on the page, where the answer takes the owner back to. */
const sectionOf: Record<SettingsIntent, string> = {
  "weekly-hours": "weekly-hours",
  "closure.add": "closures",
  "closure.remove": "closures",
  "special-hours.add": "special-hours",
  "special-hours.remove": "special-hours",
  holidays: "holidays",
  "notice.set": "notice",
  "notice.clear": "notice",
};

const isIntent = (value: unknown): value is SettingsIntent =>
  typeof value === "string" && (SETTINGS_INTENTS as readonly string[]).includes(value);

export async function handleSettingsForm(request: Request, context: Readonly<RouterContextProvider>) {
  const env = getEnv(context);
  const now = getRequestTime(context);
  const posted = await readPostedForm(request, { limitBytes: SETTINGS_FORM_LIMIT_BYTES, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  const intent = form.get("intent");
  if (!isIntent(intent)) {
    return redirectWithToast(env, PAGE, {
      title: "Nothing changed",
      description: "This form could not be read. Please reload the page and try again.",
      variant: "destructive",
    });
  }

  const step = parseChange(intent, form, now);
  if ("refusal" in step) return step.refusal;

  const outcome = await applySettingsChange(env, step.change, actingMember(request, context));
  const back = `${PAGE}#${sectionOf[intent]}`;
  if (outcome.ok) return redirectWithToast(env, back, { title: "Saved", description: outcome.message });
  const { refusal } = outcome;
  if (Object.keys(refusal.fieldErrors ?? {}).length > 0 && step.submission) {
    const result = step.submission.reply({ fieldErrors: formErrorsOf(refusal) });
    return refusalData(refusal, { intent, result }, NO_STORE);
  }
  return redirectWithRefusal(env, back, refusal);
}

type Parsed =
  | { change: SettingsChange; submission?: ReturnType<typeof parseFormData> }
  | { refusal: ReturnType<typeof refusalData> };

/** The change a form asks for, or the answer that keeps what the owner typed and says what to fix. */
function parseChange(intent: SettingsIntent, form: FormData, now: Date): Parsed {
  switch (intent) {
    case "weekly-hours":
    case "closure.add":
    case "special-hours.add":
    case "holidays":
    case "notice.set": {
      const submission = parseFormData(form, changeSchemaAt(intent, now));
      if (submission.status !== "success") {
        return { refusal: refusalData(invalidForm, { intent, result: submission.reply() }, NO_STORE) };
      }
      return { change: submission.value, submission };
    }
    case "notice.clear":
      return { change: { kind: intent } };
    case "closure.remove":
    case "special-hours.remove": {
      const date = form.get("date");
      return { change: { kind: intent, date: typeof date === "string" ? date : "" } };
    }
    default: {
      const unknown: never = intent;
      throw new Error(`Unknown settings intent ${String(unknown)}`);
    }
  }
}
