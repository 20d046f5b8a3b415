// The audit feature's public browser-safe file: what other features use of it (docs/decisions/046).
export { type AuditAction } from "./actions";
