// The desk feature's public browser-safe file: what other features use of it (docs/decisions/046).
export { type ActivityEntry } from "./activity";
export { DeskForms } from "./components/desk-forms";
export { RecordHistory } from "./components/record-history";
export { endOfShopDay, followUpState, formatShortShopDateTime, timeAgo } from "./follow-up";
export { type DeskMember, namesOf } from "./members";
export { recordPatchSchema } from "./schemas";
