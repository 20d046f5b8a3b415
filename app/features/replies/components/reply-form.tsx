import { useEffect } from "react";
import { controlClasses } from "~/ui/forms/fields";
import { Button } from "~/ui/button";
import { useFetcherForm } from "~/ui/forms/use-fetcher-form";
import { REPLY_BODY_MAX, REPLY_SUBJECT_MAX, type ReplyFormResult } from "../messages";

// The reply form: a plain HTML form posting to /incoming/<kind>/<id>/reply, which works without
// JavaScript (a reply sent redirects back to the record; a refusal shows the reply page with what
// was typed). With JavaScript it goes through a fetcher, the record's data reloads and the form empties.

type Refusal = Extract<ReplyFormResult, { ok: false }>;

export function ReplyForm({
  action,
  returnTo,
  to,
  defaultSubject,
  defaultBody,
  refusal,
  onSent,
}: {
  action: string;
  returnTo: string;
  /** The customer's address, shown above the form. */
  to: string;
  defaultSubject: string;
  /** A template filled in from the record, when staff picked one. */
  defaultBody?: string;
  /** Called once a reply sent with JavaScript is accepted. */
  onSent?: () => void;
  /** The refusal of a post without JavaScript, shown with what was typed. */
  refusal?: Refusal | null;
}) {
  const { fetcher, form, formProps } = useFetcherForm<ReplyFormResult>(action);
  const result = fetcher.data;
  useEffect(() => {
    if (!result?.ok) return;
    form.current?.reset();
    onSent?.();
  }, [result, onSent, form]);
  const shown = result && !result.ok ? result : (refusal ?? null);
  const busy = fetcher.state !== "idle";
  return (
    <form
      {...formProps}
      id="reply"
      aria-label="Reply by email"
      aria-describedby={shown ? "reply-error" : undefined}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <input type="hidden" name="returnTo" value={returnTo} />
      <p className="text-sm text-slate-700">
        To <span className="font-semibold break-all text-slate-900">{to}</span>, from the shop&apos;s address. Their
        answer comes back to this record.
      </p>
      <div>
        <label htmlFor="reply-subject" className="block text-sm font-semibold text-slate-800">
          Subject
        </label>
        <input
          id="reply-subject"
          name="subject"
          maxLength={REPLY_SUBJECT_MAX}
          defaultValue={shown?.fields.subject ?? defaultSubject}
          aria-invalid={shown?.fieldErrors?.subject ? true : undefined}
          className={`${controlClasses} h-11`}
        />
      </div>
      <div>
        <label htmlFor="reply-body" className="block text-sm font-semibold text-slate-800">
          Your reply
        </label>
        <textarea
          id="reply-body"
          name="body"
          // Room for a template's few paragraphs without scrolling.
          rows={defaultBody ? 12 : 6}
          required
          maxLength={REPLY_BODY_MAX}
          defaultValue={shown?.fields.body ?? defaultBody}
          aria-invalid={shown?.fieldErrors?.body ? true : undefined}
          className={controlClasses}
        />
      </div>
      {shown ? (
        <p id="reply-error" role="alert" className="text-sm font-semibold text-red-800">
          {shown.message}
        </p>
      ) : null}
      <Button type="submit" variant="dark" size="sm" disabled={busy} className="justify-self-start">
        {busy ? "Sending…" : "Send reply"}
      </Button>
    </form>
  );
}
