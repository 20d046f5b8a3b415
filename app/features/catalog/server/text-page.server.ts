import type { RouterContextProvider } from "react-router";
import { parseFormData } from "~/forms/parse-form";
import { getEnv } from "~/http/context.server";
import { readPostedForm } from "~/http/request-body.server";
import { invalidFormAnswer } from "~/http/outcome.server";
import { NO_STORE } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { redirectWithToast } from "~/http/toast.server";
import { SERVICES_PAGE } from "../catalog";
import { shopTextsFormSchema, shopTextsFormValues } from "../shop-texts";
import { listTextVersions, readShopTexts, restoreTextVersion, saveShopTexts } from "./text-store.server";

// The shop's texts on the owners' services page (/incoming/settings/services): the form, its versions
// and a button to put one back. Plain forms, the same schema and store as PUT /api/settings/texts.

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The texts' form values, their version and every saved state. */
export async function textsPageData(context: Readonly<RouterContextProvider>) {
  const env = getEnv(context);
  const [stored, versions] = await Promise.all([readShopTexts(env), listTextVersions(env)]);
  return { values: shopTextsFormValues(stored.texts), version: stored.version, versions };
}

const versionParam = (value: FormDataEntryValue | null) =>
  typeof value === "string" && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;

/** The services page's forms: save the texts, or put a version of them back. */
export async function textsPageAction({ request, context }: Args) {
  const env = getEnv(context);
  const acting = actingMember(request, context);
  const posted = await readPostedForm(request, { limitBytes: 64 * 1024, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  if (form.get("intent") === "restore-texts") {
    const version = versionParam(form.get("version"));
    const restored = version === null ? null : await restoreTextVersion(env, version, acting);
    return redirectWithToast(
      env,
      SERVICES_PAGE,
      restored
        ? {
            title: "Version put back",
            description: `Version ${version} of the texts is back, as version ${restored.version}.`,
          }
        : { title: "Nothing changed", description: "There is no such version of the texts.", variant: "destructive" },
    );
  }
  const submission = parseFormData(form, shopTextsFormSchema);
  if (submission.status !== "success") {
    return invalidFormAnswer(submission.reply(), NO_STORE);
  }
  const saved = await saveShopTexts(env, submission.value, acting);
  return redirectWithToast(env, SERVICES_PAGE, {
    title: "Saved",
    description: `The texts are saved (version ${saved.version}). The website shows them within a minute.`,
  });
}
