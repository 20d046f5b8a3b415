import { redirect } from "react-router";
import type { Route } from "./+types/record-estimate";
import { recordPath } from "~/records/kinds";
import { handleEstimateForm } from "../server/record-section.server";

// /incoming/service-requests/<id>/estimate: the record page's estimate forms (save, send) post
// here, and are answered with a redirect back to the record's estimate section and a toast. A
// visit (GET) goes to that section.
export const loader = ({ params }: Route.LoaderArgs) => redirect(`${recordPath("serviceRequest", params.id)}#estimate`);

export const action = ({ request, context, params }: Route.ActionArgs) =>
  handleEstimateForm(request, context, params.id);
