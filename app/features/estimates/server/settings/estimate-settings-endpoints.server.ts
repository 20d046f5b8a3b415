import type { RouterContextProvider } from "react-router";
import { getEnv, type RequestAndContext } from "~/http/context.server";
import { handleSettingsPut } from "~/http/json-endpoint.server";
import { refusalData, refused } from "~/http/outcome.server";
import { readPostedForm } from "~/http/request-body.server";
import { jsonResponse, NO_STORE, withSavedAsJson } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { redirectWithToast } from "~/http/toast.server";
import {
  describeEstimateSettings,
  estimateSettingsFromForm,
  estimateSettingsSchema,
  readEstimateSettings,
  saveEstimateSettings,
  TERMS_MAX,
} from "./estimate-settings.server";

// The two doors of the estimate settings (owners, behind the owners' gate and the fresh check):
// the page's form (/incoming/settings/estimates) and PUT /api/settings/estimates, one schema and one save.

const LIMIT_BYTES = 16 * 1024;
const PAGE = "/incoming/settings/estimates";

/** What the page and GET /api/settings/estimates show: what holds now. */
export async function estimateSettingsView(context: Readonly<RouterContextProvider>) {
  return withSavedAsJson(await readEstimateSettings(getEnv(context)));
}

export async function estimateSettingsResponse({ context }: RequestAndContext) {
  return jsonResponse(await estimateSettingsView(context), 200, NO_STORE);
}

/** PUT /api/settings/estimates `{ labourRate, tax: { rateBasisPoints, appliesTo }, terms }` → 200, what holds. */
export function putEstimateSettings({ request, context }: RequestAndContext) {
  return handleSettingsPut(request, estimateSettingsSchema, LIMIT_BYTES, async (input) => {
    const saved = await saveEstimateSettings(getEnv(context), input, actingMember(request, context));
    return jsonResponse({ message: describeEstimateSettings(saved), ...withSavedAsJson(saved) });
  });
}

type Field = "labourRate" | "tax" | "terms";

export type EstimateSettingsRefusal = {
  errors: Partial<Record<Field, string>>;
  entered: { labourRate: string; taxRate: string; taxAppliesTo: string[]; terms: string };
};

/** The page's form: saved → back with a toast; refused → the owner's input and what to fix (400). */
export async function estimateSettingsFormAction({ request, context }: RequestAndContext) {
  const env = getEnv(context);
  const posted = await readPostedForm(request, { limitBytes: LIMIT_BYTES, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  const parsed = estimateSettingsSchema.safeParse(estimateSettingsFromForm(form));
  if (!parsed.success) {
    const errors: EstimateSettingsRefusal["errors"] = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0]) as Field] ??= issue.message;
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value.slice(0, TERMS_MAX + 100) : "";
    };
    const entered = {
      labourRate: text("labourRate"),
      taxRate: text("taxRate"),
      taxAppliesTo: form.getAll("taxAppliesTo").filter((kind) => typeof kind === "string"),
      terms: text("terms"),
    };
    const { refusal } = refused("invalid", "Nothing was saved: some fields need attention.");
    return refusalData<EstimateSettingsRefusal>(refusal, { errors, entered }, NO_STORE);
  }
  const saved = await saveEstimateSettings(env, parsed.data, actingMember(request, context));
  return redirectWithToast(env, PAGE, { title: "Saved", description: describeEstimateSettings(saved) });
}
