import { Form } from "react-router";
import { Button } from "~/ui/button";
import { ReplyForm } from "./reply-form";

/**
 * The record page's reply section: a failing address said first, "Handled" while the customer's
 * answer waits, and the form to reply. The emails themselves are in the record's timeline.
 */
export function RecordConversation({
  conversation,
  action,
  returnTo,
  to,
  waiting,
}: {
  /** The next reply's subject, whether the address is failing, and how many emails there are. */
  conversation: { subject: string; emailFailing: boolean; count: number };
  action: string;
  returnTo: string;
  to: string;
  /** The customer's answer waits on staff: "Handled" clears it without a reply. */
  waiting: boolean;
}) {
  return (
    <>
      <h2 className="mt-8 text-lg font-bold text-blue-950">Reply by email</h2>
      {conversation.emailFailing ? (
        <p role="status" className="mt-3 rounded-md bg-red-50 p-3 text-sm font-semibold text-red-900">
          {`Email to ${to} is failing: a reply came back undelivered. Call the customer, or check the address with them.`}
        </p>
      ) : null}
      {waiting ? (
        <Form
          method="post"
          action={action}
          className="mt-3 flex flex-wrap items-center gap-3 rounded-md bg-violet-50 p-3 text-sm text-violet-950"
        >
          <input type="hidden" name="intent" value="handled" />
          <input type="hidden" name="returnTo" value={returnTo} />
          <span>The customer replied and is waiting on us. Answered some other way?</span>
          <Button type="submit" variant="secondary" size="sm">
            Handled
          </Button>
        </Form>
      ) : null}
      <div className="mt-4">
        <ReplyForm
          // A fresh form after each reply sent: emptied, with the thread's subject.
          key={conversation.count}
          action={action}
          returnTo={returnTo}
          to={to}
          defaultSubject={conversation.subject}
        />
      </div>
    </>
  );
}
