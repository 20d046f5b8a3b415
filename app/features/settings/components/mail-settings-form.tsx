import { controlClasses } from "~/ui/forms/fields";
import { FieldRefusalForm, RequiredTextarea, useFieldRefusal } from "~/ui/forms/field-refusal-form";
import { LabelledField } from "~/ui/forms/labelled-field";
import type { MailSettingsRefusal } from "~/features/settings/server/mail-settings-endpoints.server";

// The Emails settings form, posted to /incoming/settings/emails. The server validates; a refusal
// shows next to each field with what the owner typed.

type Shown = { recipients: string; confirmVisitor: boolean; senderName: string };

export function MailSettingsForm({
  shown,
  refusal,
  defaults,
}: {
  shown: Shown;
  refusal: MailSettingsRefusal | null;
  defaults: { recipients: readonly string[]; confirmVisitor: boolean };
}) {
  const { errors, value, entered } = useFieldRefusal(refusal, shown);
  return (
    <FieldRefusalForm label="The shop's emails" errors={errors} submitLabel="Save email settings">
      <LabelledField
        id="recipients"
        label="Who receives the shop's emails"
        hint={
          <>
            New requests, the morning digest, and customers' answers when nobody is assigned. One address a line (up to
            10). Each must be a verified destination in Cloudflare Email Routing. Until you save, the deploy's setting
            holds: {defaults.recipients.join(", ")}.
          </>
        }
        error={errors.recipients}
      >
        <RequiredTextarea id="recipients" rows={3} entered={entered("recipients", "recipients-hint")} />
      </LabelledField>
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
      <LabelledField
        id="senderName"
        hintId="sender-hint"
        label="Name replies are sent under"
        hint="What customers see as the sender of a reply from a record, for example “Mike at Pikesville Family Auto”."
        error={errors.senderName}
      >
        <input
          id="senderName"
          name="senderName"
          required
          maxLength={80}
          {...entered("senderName", "sender-hint")}
          className={`${controlClasses} h-11`}
        />
      </LabelledField>
    </FieldRefusalForm>
  );
}
