import type { RouterContextProvider } from "react-router";
import { getEnv, type RequestAndContext } from "~/http/context.server";
import { handleSettingsPut } from "~/http/json-endpoint.server";
import { refusalData, refused } from "~/http/outcome.server";
import { readPostedForm } from "~/http/request-body.server";
import { jsonResponse, NO_STORE, withSavedAsJson } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { redirectWithToast } from "~/http/toast.server";
import {
  describeMailSettings,
  mailSettingsDefaults,
  mailSettingsFromForm,
  mailSettingsSchemaFor,
  readMailSettings,
  saveMailSettings,
} from "./mail-settings.server";

// The two doors of the mail settings (owners): the Emails page's form (/incoming/settings/emails)
// and PUT /api/settings/emails, one schema and one save.

const LIMIT_BYTES = 8 * 1024;
const PAGE = "/incoming/settings/emails";

/** What the page and GET /api/settings/emails show: what holds, and the configuration's defaults. */
export async function mailSettingsView(context: Readonly<RouterContextProvider>) {
  const env = getEnv(context);
  const settings = await readMailSettings(env);
  const defaults = mailSettingsDefaults(env);
  return { ...settings, defaults: { recipients: defaults.recipients, confirmVisitor: defaults.confirmVisitor } };
}

export async function mailSettingsResponse({ context }: RequestAndContext) {
  return jsonResponse(withSavedAsJson(await mailSettingsView(context)), 200, NO_STORE);
}

/** PUT /api/settings/emails `{ recipients: [..], confirmVisitor, senderName }` → 200 with what now holds. */
export function putMailSettings({ request, context }: RequestAndContext) {
  return handleSettingsPut(request, mailSettingsSchemaFor(getEnv(context)), LIMIT_BYTES, async (input) => {
    const saved = await saveMailSettings(getEnv(context), input, actingMember(request, context));
    return jsonResponse({ message: describeMailSettings(saved), ...withSavedAsJson(saved) });
  });
}

export type MailSettingsRefusal = {
  errors: Partial<Record<"recipients" | "confirmVisitor" | "senderName", string>>;
  entered: { recipients: string; confirmVisitor: boolean; senderName: string };
};

/** The page's form: saved → back with a toast; refused → the owner's input and what to fix (400). */
export async function mailSettingsFormAction({ request, context }: RequestAndContext) {
  const env = getEnv(context);
  const posted = await readPostedForm(request, { limitBytes: LIMIT_BYTES, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  const parsed = mailSettingsSchemaFor(env).safeParse(mailSettingsFromForm(form));
  if (!parsed.success) {
    const errors: MailSettingsRefusal["errors"] = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as keyof MailSettingsRefusal["errors"];
      errors[field] ??= issue.message;
    }
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value.slice(0, 4000) : "";
    };
    const entered = {
      recipients: text("recipients"),
      confirmVisitor: form.get("confirmVisitor") === "on",
      senderName: text("senderName"),
    };
    const { refusal } = refused("invalid", "Check the fields marked.");
    return refusalData<MailSettingsRefusal>(refusal, { errors, entered }, NO_STORE);
  }
  const saved = await saveMailSettings(env, parsed.data, actingMember(request, context));
  return redirectWithToast(env, PAGE, { title: "Saved", description: describeMailSettings(saved) });
}
