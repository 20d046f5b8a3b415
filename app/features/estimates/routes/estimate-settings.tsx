import { data, useLocation } from "react-router";
import { SettingsSubpage } from "~/features/settings/settings";
import type { Route } from "./+types/estimate-settings";
import { Card } from "~/ui/card";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { NO_STORE } from "~/http/responses.server";
import { formatSubmittedAt } from "~/hours/shop-calendar";
import { EstimateSettingsForm } from "~/features/estimates/components/estimate-settings-form";
import {
  estimateSettingsFormAction,
  estimateSettingsView,
} from "~/features/estimates/server/settings/estimate-settings-endpoints.server";

// /incoming/settings/estimates (owners): the labour rate, the tax rule and the terms of an estimate
// (issue 39 item 9). The next estimate priced reads them.

// The form works as a plain post; with JavaScript it answers without a page load.
export const handle: RouteHandle = { hydrate: true };

export async function loader({ context }: Route.LoaderArgs) {
  return data(await estimateSettingsView(context), { headers: NO_STORE });
}

export const action = (args: Route.ActionArgs) => estimateSettingsFormAction(args);

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privatePageMeta("Estimate settings", "The labour rate, tax and terms.");

/** Cents as the form shows them: "120" or "135.50". */
const dollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

export default function EstimateSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { key } = useLocation();
  const refusal = actionData && "errors" in actionData ? actionData : null;
  return (
    <SettingsSubpage
      title="Estimates"
      intro={
        <p className="mt-2 text-slate-700">
          The labour rate, the sales tax and the terms on the estimates you send. A change counts for the next estimate
          priced.
        </p>
      }
    >
      <Card className="p-4 sm:p-6">
        <p className="mb-4 text-sm text-slate-600">
          {loaderData.saved
            ? `Last saved ${formatSubmittedAt(new Date(loaderData.saved.at))}${loaderData.saved.by ? ` by ${loaderData.saved.by}` : ""}.`
            : "Not saved yet: Maryland's 6% on parts and fees and the shipped terms hold."}
        </p>
        <EstimateSettingsForm
          key={key}
          shown={{
            labourRate: loaderData.labourRate === null ? "" : dollars(loaderData.labourRate),
            taxRate: String(loaderData.tax.rateBasisPoints / 100),
            taxAppliesTo: loaderData.tax.appliesTo,
            terms: loaderData.terms,
          }}
          refusal={refusal}
        />
      </Card>
    </SettingsSubpage>
  );
}
