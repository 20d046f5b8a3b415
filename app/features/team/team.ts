// The team feature's public browser-safe file: what other features use of it (docs/decisions/046).
export { LinkError, LinkPageForm, linkPageMeta } from "./components/link-page";
export { newPasswordSchema, resetRequestSchema } from "./schemas";
