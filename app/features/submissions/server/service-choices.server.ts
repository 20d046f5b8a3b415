import type { RouterContextProvider } from "react-router";
import type { InboxKind } from "~/records/kinds";
import { requestChoiceValues } from "../../catalog/catalog.server";

/**
 * The services a form takes as of the request: the service request's choices (the catalog's), none
 * for the contact form.
 */
export async function serviceValuesFor(name: InboxKind, context: Readonly<RouterContextProvider>): Promise<string[]> {
  return name === "serviceRequest" ? requestChoiceValues(context) : [];
}
