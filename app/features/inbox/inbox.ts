// The inbox feature's public browser-safe file: what other features use of it (docs/decisions/046).
export { inboxListUrl } from "./list-params";
export { type RecordActionResult } from "./record-action";
export { type FieldPlace, shownFields, textsIn } from "./record-fields";
