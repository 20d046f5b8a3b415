// The "Customer's Rights" the shop shows immediately before the customer's signature (the typed
// name), as Maryland's Commercial Law §14-1008(a) and (b) require: under that printed heading,
// physically separated from the other terms, in easily readable type. The exact text shown is
// frozen into each decision's snapshot (docs/decisions/065-estimates-and-approvals.md).

export const RIGHTS_HEADING = "Customer's Rights";

export const CUSTOMER_RIGHTS = [
  "You may request a written estimate for repairs which cost in excess of $50.",
  "You may not be charged any amount ten percent in excess of the written estimate without your consent.",
  "You are entitled to the return of any replaced parts, except when parts are required to be returned to the manufacturer under a warranty agreement.",
  "Repairs not originally authorized by you may not be charged to you without your consent.",
] as const;

/** The rights as one text, the heading first: what a snapshot keeps of what the customer saw. */
export const rightsText = () => [RIGHTS_HEADING, ...CUSTOMER_RIGHTS.map((right, i) => `${i + 1}. ${right}`)].join("\n");
