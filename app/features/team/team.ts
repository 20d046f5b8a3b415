// The team feature's public browser-safe file: what other features use of it (docs/decisions/046).
export { LinkError } from "./components/link-error";
export { newPasswordSchema, resetRequestSchema } from "./schemas";
