import { Form, useNavigation } from "react-router";
import { controlClasses } from "~/ui/forms/fields";
import { Button } from "~/ui/button";
import type { MailSettingsRefusal } from "~/features/settings/server/mail-settings-endpoints.server";

// The Emails settings form: a plain HTML post to /incoming/settings/emails (with JavaScript, a
// fetch through the router). The server validates; a refusal shows next to each field with what
// the owner typed.

type Shown = { recipients: string; confirmVisitor: boolean; senderName: string };

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

export function MailSettingsForm({
  shown,
  refusal,
  defaults,
}: {
  shown: Shown;
  refusal: MailSettingsRefusal | null;
  defaults: { recipients: readonly string[]; confirmVisitor: boolean };
}) {
  const busy = useNavigation().state === "submitting";
  const errors = refusal?.errors ?? {};
  const value = refusal?.entered ?? shown;
  const described = (field: keyof typeof errors, hint: string) => (errors[field] ? `${hint} ${field}-error` : hint);
  return (
    <Form method="post" className="grid gap-5" aria-label="The shop's emails">
      {Object.keys(errors).length > 0 ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-semibold text-red-900">
          Nothing was saved: {Object.values(errors).join(" ")}
        </p>
      ) : null}
      <div>
        <label htmlFor="recipients" className="block text-sm font-semibold text-slate-800">
          Who receives the shop's emails
        </label>
        <p id="recipients-hint" className="mt-1 text-sm text-slate-600">
          New requests, the morning digest, and customers' answers when nobody is assigned. One address a line (up to
          10). Each must be a verified destination in Cloudflare Email Routing. Until you save, the deploy's setting
          holds: {defaults.recipients.join(", ")}.
        </p>
        <textarea
          id="recipients"
          name="recipients"
          rows={3}
          required
          defaultValue={value.recipients}
          aria-invalid={errors.recipients ? true : undefined}
          aria-describedby={described("recipients", "recipients-hint")}
          className={controlClasses}
        />
        <FieldError id="recipients-error" error={errors.recipients} />
      </div>
      <div>
        <label htmlFor="confirmVisitor" className="flex cursor-pointer items-start gap-2 text-sm text-slate-800">
          <input
            id="confirmVisitor"
            name="confirmVisitor"
            type="checkbox"
            defaultChecked={value.confirmVisitor}
            aria-describedby="confirm-hint"
            className="mt-0.5 size-4 shrink-0 accent-blue-800"
          />
          <span className="font-semibold">Send visitors a “we received your request” email</span>
        </label>
        <p id="confirm-hint" className="mt-1 pl-6 text-sm text-slate-600">
          Only the automatic reply to a form anyone can send from the website. The emails you cause always go to the
          customer, whatever this box says: your replies, an appointment's confirmation, change, cancellation and
          reminder, and estimates. Needs a sending domain set up in Cloudflare Email Service (owner's guide).
        </p>
      </div>
      <div>
        <label htmlFor="senderName" className="block text-sm font-semibold text-slate-800">
          Name replies are sent under
        </label>
        <p id="sender-hint" className="mt-1 text-sm text-slate-600">
          What customers see as the sender of a reply from a record, for example “Mike at Pikesville Family Auto”.
        </p>
        <input
          id="senderName"
          name="senderName"
          required
          maxLength={80}
          defaultValue={value.senderName}
          aria-invalid={errors.senderName ? true : undefined}
          aria-describedby={described("senderName", "sender-hint")}
          className={`${controlClasses} h-11`}
        />
        <FieldError id="senderName-error" error={errors.senderName} />
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save email settings"}
        </Button>
      </div>
    </Form>
  );
}
