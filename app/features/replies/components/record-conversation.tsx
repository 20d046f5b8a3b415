import type { ConversationMessage } from "../messages";
import { Conversation } from "./conversation";
import { ReplyForm } from "./reply-form";

/** The record page's emails section: the conversation so far, and the form to reply. */
export function RecordConversation({
  conversation,
  action,
  returnTo,
  to,
}: {
  conversation: { messages: readonly ConversationMessage[]; subject: string };
  action: string;
  returnTo: string;
  to: string;
}) {
  return (
    <>
      <h2 className="mt-8 text-lg font-bold text-blue-950">Emails</h2>
      <Conversation messages={conversation.messages} />
      <div className="mt-4">
        <ReplyForm
          // A fresh form after each reply sent: emptied, with the thread's subject.
          key={conversation.messages.length}
          action={action}
          returnTo={returnTo}
          to={to}
          defaultSubject={conversation.subject}
        />
      </div>
    </>
  );
}
