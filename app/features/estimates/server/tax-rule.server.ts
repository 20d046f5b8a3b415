import type { AppEnv } from "~/http/env.server";
import { MARYLAND_TAX_RULE } from "../pricing";
import type { TaxRule } from "../vocabulary";

// The one place an estimate's tax rule is read (docs/decisions/065-estimates-and-approvals.md):
// Maryland's 6% on parts and fees until the owner's setting exists (issue 39 item 9), which will be
// read here and nowhere else. Each version keeps the rule it was priced under.
export function taxRuleOf(_env: Pick<AppEnv, "DB">): Promise<TaxRule> {
  return Promise.resolve(MARYLAND_TAX_RULE);
}
