import type { Route } from "./+types/contact";
import { methodNotAllowed } from "~/server/http/responses.server";
import { handleSubmissionApi } from "~/server/submissions/submission-api.server";

export const loader = () => methodNotAllowed();

export function action({ request, context }: Route.ActionArgs) {
  return handleSubmissionApi("contact", request, context);
}
