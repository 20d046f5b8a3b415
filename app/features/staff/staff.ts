// The staff feature's public browser-safe file: what other features use of it (docs/decisions/046).
export { StaffErrorPage, staffErrorText } from "./components/staff-error";
export { StaffHeader } from "./components/staff-header";
export { memberIn, navigationIn } from "./navigation";
