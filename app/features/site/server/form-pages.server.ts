import type { RouterContextProvider } from "react-router";
import type { InboxKind } from "~/records/kinds";
import { getRequestTime } from "~/http/context.server";
import { publicResponseLine } from "~/features/insights/insights";
import { getShopSettings } from "~/features/settings/settings.server";
import { handleSubmissionForm } from "~/features/submissions/submissions.server";

// What the two pages with a public form (home's service request, contact) load and answer alike.

/**
 * The response record under the form. Stored by the hourly job and read with the settings: nothing
 * is computed for a visitor.
 */
export async function responseRecordLineOf(context: Readonly<RouterContextProvider>) {
  return publicResponseLine((await getShopSettings(context)).responseRecord, getRequestTime(context));
}

/** The page's action: its form's post, answered with a redirect back to `redirectTo` or the form again. */
export function formPageAction(name: InboxKind, redirectTo: string) {
  return ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) =>
    handleSubmissionForm(name, request, context, { redirectTo });
}
