// The estimates feature's public browser-safe file: what other features use of it
// (docs/decisions/046-a-feature-is-a-folder.md).
export { EstimateSection } from "./components/estimate-section";
export { DeclinedEarlier } from "./components/declined-earlier";
