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
  conversation: { messages: readonly ConversationMessage[]; subject: string; emailFailing: boolean };
  action: string;
  returnTo: string;
  to: string;
}) {
  return (
    <>
      <h2 className="mt-8 text-lg font-bold text-blue-950">Emails</h2>
      {conversation.emailFailing ? (
        <p role="status" className="mt-3 rounded-md bg-red-50 p-3 text-sm font-semibold text-red-900">
          {`Email to ${to} is failing: a reply came back undelivered. Call the customer, or check the address with them.`}
        </p>
      ) : null}
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
