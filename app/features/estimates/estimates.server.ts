// The estimates feature's public server file: what other features and the Worker's entry use of it
// (docs/decisions/046-a-feature-is-a-folder.md, 065-estimates-and-approvals.md).
export { estimateJobHandlers } from "./server/estimate-mail.server";
// What the insights measure (issue 39 item 9).
export { type EstimateDecisionFacts, type EstimateFacts, readEstimateFacts } from "./server/estimate-figures.server";
