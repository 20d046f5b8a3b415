import type { AppEnv } from "~/http/env.server";
import type { TaxRule } from "../../vocabulary";
import { readEstimateSettings } from "./estimate-settings.server";

// The one place an estimate's tax rule is read for pricing (docs/decisions/065-estimates-and-approvals.md):
// the owner's setting (Settings → Estimates, issue 39 item 9), Maryland's 6% on parts and fees until
// one is saved. Each version keeps the rule it was priced under, so a change counts for the next
// version priced and never re-prices one already sent.
export async function taxRuleOf(env: Pick<AppEnv, "DB">): Promise<TaxRule> {
  return (await readEstimateSettings(env)).tax;
}
