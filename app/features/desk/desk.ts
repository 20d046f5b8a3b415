// The desk feature's public browser-safe file: what other features use of it (docs/decisions/046).
export { type ActivityEntry, activityTitle } from "./activity";
export { DeskForms } from "./components/desk-forms";
export { endOfShopDay, followUpState, formatShortShopDateTime, timeAgo } from "./follow-up";
export { type DeskMember, namesOf } from "./members";
export { recordPatchSchema } from "./schemas";
