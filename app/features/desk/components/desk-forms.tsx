import { type ReactNode, useEffect } from "react";
import { controlClasses, SelectOptions } from "~/ui/forms/fields";
import { showToast } from "~/ui/toast/toast-store";
import { Button } from "~/ui/button";
import { useFetcherForm } from "~/ui/forms/use-fetcher-form";
import { ACTIVITY_NOTE_MAX, CALL_OUTCOMES, callOutcomeLabels } from "~/features/desk/activity";
import { shopDateAndTime } from "~/features/desk/follow-up";
import type { DeskMember } from "~/features/desk/members";
import type { RecordActionResult } from "~/features/inbox/inbox";

// The call-back desk on a record's page: log a call, add a note, log an email, set when to call
// back, and who handles it. Each is a plain HTML form posting to the record's page (it works
// without JavaScript: the server redirects back, or answers a refusal with what was typed); with
// JavaScript the same form goes through a fetcher, the page's data reloads, and the form empties.

type Refusal = Extract<RecordActionResult, { ok: false }>;

/** A form of the desk: the fetcher with JavaScript, the refusal of its last post, and its reset on success. */
function DeskForm({
  intent,
  action,
  returnTo,
  refusal,
  label,
  children,
}: {
  intent: string;
  action: string;
  returnTo: string;
  /** The page's own refusal (a post without JavaScript), when it was this form's. */
  refusal: Refusal | null;
  label: string;
  children: (state: { busy: boolean; fields: Record<string, string> }) => ReactNode;
}) {
  const { fetcher, form, formProps } = useFetcherForm<RecordActionResult>(action);
  const result = fetcher.data;
  useEffect(() => {
    if (result?.ok) form.current?.reset();
    else if (result && !result.intent) {
      showToast({ title: "Nothing changed", description: result.message, variant: "destructive" });
    }
  }, [result, form]);
  const shown = result && !result.ok && result.intent === intent ? result : refusal?.intent === intent ? refusal : null;
  const errorId = `${intent}-error`;
  return (
    <form
      {...formProps}
      aria-label={label}
      aria-describedby={shown ? errorId : undefined}
      className="grid content-start gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {children({ busy: fetcher.state !== "idle", fields: shown?.fields ?? {} })}
      {shown ? (
        <p id={errorId} role="alert" className="text-sm font-semibold text-red-800">
          {shown.message}
        </p>
      ) : null}
    </form>
  );
}

const legendClasses = "text-base font-bold text-blue-950";

function NoteField({ id, label, value, required }: { id: string; label: string; value?: string; required?: boolean }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        name="note"
        rows={2}
        maxLength={ACTIVITY_NOTE_MAX}
        required={required}
        defaultValue={value}
        className={controlClasses}
      />
    </div>
  );
}

/** A desk form that is a note and its button (add a note, log an email). */
function NoteForm({
  intent,
  label,
  noteLabel,
  required,
  submitLabel,
  ...common
}: Omit<Parameters<typeof DeskForm>[0], "children"> & { noteLabel: string; required?: boolean; submitLabel: string }) {
  return (
    <DeskForm intent={intent} label={label} {...common}>
      {({ busy, fields }) => (
        <>
          <NoteField id={`${intent}-note`} label={noteLabel} value={fields.note} required={required} />
          <Button type="submit" variant="secondary" size="sm" disabled={busy} className="justify-self-start">
            {submitLabel}
          </Button>
        </>
      )}
    </DeskForm>
  );
}

export function DeskForms({
  action,
  returnTo,
  refusal,
  members,
  assignee,
  followUpAt,
}: {
  action: string;
  returnTo: string;
  refusal: Refusal | null;
  members: readonly DeskMember[];
  assignee: string | null;
  followUpAt: Date | null;
}) {
  const common = { action, returnTo, refusal };
  const followUp = followUpAt ? shopDateAndTime(followUpAt) : null;
  return (
    <div className="grid gap-4 @xl:grid-cols-2">
      <DeskForm intent="call" label="Log a call" {...common}>
        {({ busy, fields }) => (
          <>
            <fieldset className="grid gap-1.5">
              <legend className={legendClasses}>Log a call</legend>
              {CALL_OUTCOMES.map((outcome) => (
                <label key={outcome} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="outcome"
                    value={outcome}
                    required
                    defaultChecked={fields.outcome === outcome}
                    className="size-4 accent-blue-900"
                  />
                  {callOutcomeLabels[outcome]}
                </label>
              ))}
            </fieldset>
            <NoteField id="call-note" label="Note (optional)" value={fields.note} />
            <Button type="submit" variant="dark" size="sm" disabled={busy} className="justify-self-start">
              Log the call
            </Button>
          </>
        )}
      </DeskForm>
      <div className="grid gap-4">
        <NoteForm
          intent="note"
          label="Add a note"
          noteLabel="Add a note"
          required
          submitLabel="Add the note"
          {...common}
        />
        <NoteForm
          intent="email"
          label="Emailed them"
          noteLabel="Emailed them: what you wrote (optional)"
          submitLabel="Log the email"
          {...common}
        />
      </div>
      <DeskForm intent="follow-up" label="Call back by" {...common}>
        {({ busy, fields }) => (
          <fieldset className="grid gap-3">
            <legend className={legendClasses}>Call back by</legend>
            <p className="text-sm text-slate-600">The shop&apos;s time (Eastern).</p>
            <div className="flex flex-wrap gap-3">
              <label className="grid gap-1 text-sm font-semibold text-slate-800">
                Day
                <input
                  type="date"
                  name="date"
                  defaultValue={fields.date ?? followUp?.date}
                  className={`${controlClasses} h-11`}
                />
              </label>
              <label className="grid gap-1 text-sm font-semibold text-slate-800">
                Time
                <input
                  type="time"
                  name="time"
                  defaultValue={fields.time ?? followUp?.time ?? "09:00"}
                  className={`${controlClasses} h-11`}
                />
              </label>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="dark" size="sm" disabled={busy}>
                Save call-back
              </Button>
              {followUp ? (
                <Button type="submit" name="clear" value="1" variant="quiet" size="sm" disabled={busy} formNoValidate>
                  Clear
                </Button>
              ) : null}
            </div>
          </fieldset>
        )}
      </DeskForm>
      <DeskForm intent="assign" label="Assigned to" {...common}>
        {({ busy, fields }) => (
          <>
            <label htmlFor="assign-to" className={legendClasses}>
              Assigned to
            </label>
            <select
              id="assign-to"
              name="assignee"
              defaultValue={fields.assignee ?? assignee ?? ""}
              className={`${controlClasses} h-11`}
            >
              <option value="">Nobody</option>
              <SelectOptions options={members.map(({ username, name }) => ({ value: username, label: name }))} />
              {assignee && !members.some((member) => member.username === assignee) ? (
                <option value={assignee}>{assignee} (no longer active)</option>
              ) : null}
            </select>
            <Button type="submit" variant="dark" size="sm" disabled={busy} className="justify-self-start">
              Save
            </Button>
          </>
        )}
      </DeskForm>
    </div>
  );
}
