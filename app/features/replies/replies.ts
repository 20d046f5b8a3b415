// The replies feature's public browser-safe file: what other features' pages use of it (docs/decisions/046).
export { EmailEntry } from "./components/conversation";
export { RecordConversation } from "./components/record-conversation";
export { RepliedBadge } from "./components/replied-badge";
export type { ConversationMessage } from "./messages";
