import { data, useLocation } from "react-router";
import { SettingsSubpage } from "~/features/settings/settings";
import type { Route } from "./+types/emails";
import { Card } from "~/ui/card";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { NO_STORE } from "~/http/responses.server";
import { formatSubmittedAt } from "~/hours/shop-calendar";
import { MailSettingsForm } from "~/features/settings/components/mail-settings-form";
import { mailSettingsFormAction, mailSettingsView } from "~/features/settings/server/mail-settings-endpoints.server";

// /incoming/settings/emails (owners): who receives the shop's emails, the visitor confirmation
// switch, and the name replies go out under (docs/decisions/051-mail-settings-in-d1.md). The next
// email sent reads them.

// The form works as a plain post; with JavaScript it answers without a page load.
export const handle: RouteHandle = { hydrate: true };

export async function loader({ context }: Route.LoaderArgs) {
  return data(await mailSettingsView(context), { headers: NO_STORE });
}

export const action = (args: Route.ActionArgs) => mailSettingsFormAction(args);

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privatePageMeta("Email settings", "Who receives the shop's emails.");

export default function EmailSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { key } = useLocation();
  const refusal = actionData && "errors" in actionData ? actionData : null;
  return (
    <SettingsSubpage
      title="Emails"
      intro={
        <>
          <p className="mt-2 text-slate-700">
            Where the shop's emails go and what customers receive. A change counts for the next email sent.
          </p>
        </>
      }
    >
      <Card className="p-4 sm:p-6">
        <p className="mb-4 text-sm text-slate-600">
          {loaderData.saved
            ? `Last saved ${formatSubmittedAt(new Date(loaderData.saved.at))}${loaderData.saved.by ? ` by ${loaderData.saved.by}` : ""}.`
            : "Not saved yet: these are the deploy's settings."}
        </p>
        <MailSettingsForm
          key={key}
          shown={{
            recipients: loaderData.recipients.join("\n"),
            confirmVisitor: loaderData.confirmVisitor,
            senderName: loaderData.senderName,
          }}
          refusal={refusal}
          defaults={loaderData.defaults}
        />
      </Card>
    </SettingsSubpage>
  );
}
