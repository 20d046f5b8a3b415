import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseFormData } from "~/forms/parse-form";
import { TextareaField, TextField } from "~/ui/forms/fields";
import { IntentForm } from "~/ui/forms/intent-form";
import type { ShopTexts } from "~/content/shop-texts";
import type { CatalogVersion } from "../catalog";
import { VersionList } from "./version-list";
import { SHOP_TEXT_LIMITS, shopTextsFormSchema, type shopTextsFormValues } from "../shop-texts";

type Values = ReturnType<typeof shopTextsFormValues>;

/**
 * The home page's headline and introduction and the about page's story on the owners' services
 * page: a plain post (the page's action), checked in the browser with the API's schema; under it
 * every saved version with a button to put it back.
 */
export function ShopTextsForm({
  values,
  versions,
  lastResult,
}: {
  values: Values;
  versions: readonly CatalogVersion[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<Values, ShopTexts>({
    id: "shop-texts",
    lastResult,
    defaultValue: values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseFormData(formData, shopTextsFormSchema),
  });
  return (
    <section aria-labelledby="texts-heading" className="grid gap-4">
      <h2 id="texts-heading" className="text-xl font-bold text-blue-950">
        The shop's texts
      </h2>
      <IntentForm form={form} intent="save-texts" submit="Save the texts" submitting="Saving...">
        <TextField meta={fields.homeHeadline} label="Home page headline" hint="The large heading at the top." />
        <TextareaField
          meta={fields.homeIntroduction}
          label="Home page introduction"
          rows={4}
          hint="The paragraph under the headline."
        />
        <TextareaField
          meta={fields.aboutStory}
          label="Our story (about page)"
          rows={12}
          hint={`Paragraphs parted by an empty line, up to ${SHOP_TEXT_LIMITS.paragraphs}.`}
        />
      </IntentForm>
      <h3 className="font-bold text-blue-950">Versions of the texts</h3>
      <VersionList
        versions={versions}
        intent="restore-texts"
        restoreLabel={(version) => `Put texts version ${version} back`}
        className="grid gap-2"
      />
    </section>
  );
}
