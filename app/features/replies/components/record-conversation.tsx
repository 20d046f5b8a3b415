import { useCallback } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { Button } from "~/ui/button";
import { ReplyForm } from "./reply-form";
import { TemplatePicker, withoutTemplate } from "./template-picker";

/** The reply form's templates and, when one was picked (?template=), its filled-in draft. */
export type ReplyComposer = {
  templates: readonly { id: number; name: string }[];
  draft: { templateId: number; subject: string; body: string } | null;
  templateMissing: boolean;
};

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
  composer,
}: {
  /** The next reply's subject, whether the address is failing, and how many emails there are. */
  conversation: { subject: string; emailFailing: boolean; count: number };
  action: string;
  returnTo: string;
  to: string;
  /** The customer's answer waits on staff: "Handled" clears it without a reply. */
  waiting: boolean;
  composer: ReplyComposer;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const { draft } = composer;
  // A reply sent from a template: the address drops ?template=, so the next form starts empty.
  const onSent = useCallback(() => {
    if (new URLSearchParams(location.search).has("template")) {
      void navigate(withoutTemplate(location.pathname + location.search), {
        replace: true,
        preventScrollReset: true,
      });
    }
  }, [location, navigate]);
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
      <div className="mt-4 grid gap-3">
        <TemplatePicker
          action={location.pathname}
          back={new URLSearchParams(location.search).get("back")}
          templates={composer.templates}
          picked={draft?.templateId ?? null}
          missing={composer.templateMissing}
        />
        <ReplyForm
          // A fresh form after each reply sent (emptied, with the thread's subject) and for each template picked.
          key={`${conversation.count}:${draft?.templateId ?? ""}`}
          action={action}
          returnTo={withoutTemplate(returnTo)}
          to={to}
          defaultSubject={draft?.subject ?? conversation.subject}
          defaultBody={draft?.body}
          onSent={onSent}
        />
      </div>
    </>
  );
}
