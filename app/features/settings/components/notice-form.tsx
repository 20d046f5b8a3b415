import { Form } from "react-router";
import { TextareaField, TextField } from "~/ui/forms/fields";
import { Button } from "~/ui/button";
import type { SettingsPageData } from "~/features/settings/server/settings-page.server";
import { type SettingsActionData, SettingsForm, SettingsSection, useSettingsForm } from "./settings-form-parts";

const stateText = {
  scheduled: "Saved: it shows from its start time.",
  running: "Showing now on top of every page.",
  ended: "Ended: visitors no longer see it.",
} as const;

/** A line on top of every public page, from a start to an end time. */
export function NoticeForm({
  notice,
  today,
  actionData,
}: {
  notice: SettingsPageData["notice"];
  today: string;
  actionData: SettingsActionData;
}) {
  const [form, fields] = useSettingsForm<{ text: string; startsAt: string; endsAt: string }>("notice.set", actionData, {
    text: notice?.text ?? "",
    startsAt: notice?.startsAt ?? `${today}T00:00`,
    endsAt: notice?.endsAt ?? `${today}T23:59`,
  });
  return (
    <SettingsSection
      id="notice"
      title="Notice on the website"
      intro="Up to 200 characters, shown on top of every page between the start and end time (the shop's time)."
    >
      {notice ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          <span>
            <span className="font-semibold">{stateText[notice.state]}</span> “{notice.text}”
          </span>
          <Form method="post">
            <input type="hidden" name="intent" value="notice.clear" />
            <Button type="submit" variant="secondary" size="sm">
              Remove notice
            </Button>
          </Form>
        </div>
      ) : null}
      <SettingsForm form={form} intent="notice.set" submitLabel="Save notice">
        <TextareaField
          meta={fields.text}
          label="Notice"
          rows={3}
          hint="For example: Closed today for snow. For towing, call …"
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField meta={fields.startsAt} type="datetime-local" label="Shows from" />
          <TextField meta={fields.endsAt} type="datetime-local" label="Until" />
        </div>
      </SettingsForm>
    </SettingsSection>
  );
}
