// The estimates feature's components for other features' pages (docs/decisions/046-a-feature-is-a-folder.md).
export { DeclinedEarlier } from "./components/declined-earlier";
