import { data, Link, useLocation } from "react-router";
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
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <Link
          to="/incoming/settings"
          className="text-sm font-semibold text-blue-800 underline-offset-2 hover:underline"
        >
          ← Back to Settings
        </Link>
        <h1 className="mt-3 text-3xl font-bold text-blue-950">Emails</h1>
        <p className="mt-2 text-slate-700">
          Where the shop's emails go and what customers receive. A change counts for the next email sent.
        </p>
      </div>
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
    </div>
  );
}
