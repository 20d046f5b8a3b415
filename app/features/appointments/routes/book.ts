import { redirect } from "react-router";
import type { Route } from "./+types/book";
import { recordPath } from "~/records/kinds";
import { handleAppointmentForm } from "../server/record-panel.server";

// /incoming/service-requests/<id>/appointment: the record page's appointment forms (book, move,
// cancel) post here, and are answered with a redirect back to the record and a toast. A visit
// (GET) goes to the record's appointment section.
export const loader = ({ params }: Route.LoaderArgs) =>
  redirect(`${recordPath("serviceRequest", params.id)}#appointment`);

export const action = ({ request, context, params }: Route.ActionArgs) =>
  handleAppointmentForm(request, context, params.id);
