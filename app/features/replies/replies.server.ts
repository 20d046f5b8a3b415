// Replies from the record (docs/decisions/041-reply-address-and-threading.md): the feature's public
// server file. The conversation as the record shows it (server/conversation.server.ts), a reply
// sent and delivered (server/sending.server.ts), the customer's emails that come back
// (server/receiving.server.ts), templates and the failing-address mark.

export { emailFailing, emailFailingSql } from "./server/failing-address.server";
export { replyComposer } from "./server/reply-draft.server";
export { defaultReplySubject, listMessages, markHandled, recordConversation } from "./server/conversation.server";
export {
  type ReplyEnv,
  replyJobHandlers,
  replyScheduledTasks,
  sendReply,
  type SendReplyResult,
  sweepUnsentReplies,
} from "./server/sending.server";
export { type IncomingMessage, MAX_INCOMING_BYTES, type Received, receiveEmail } from "./server/receiving.server";
