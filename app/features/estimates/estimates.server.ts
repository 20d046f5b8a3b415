// The estimates feature's public server file: what other features and the Worker's entry use of it
// (docs/decisions/046-a-feature-is-a-folder.md, 065-estimates-and-approvals.md).
export { estimateJobHandlers } from "./server/estimate-mail.server";
export { type EstimateEvent, estimateEvents } from "./server/estimate-timeline.server";
export { type EstimateSection, estimateSectionData } from "./server/record-section.server";
