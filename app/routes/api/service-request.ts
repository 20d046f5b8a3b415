import type { Route } from "./+types/service-request";
import { getEnv } from "~/server/context.server";
import { handleSubmissionApi, methodNotAllowed } from "~/server/submission-api.server";

export const loader = () => methodNotAllowed();

export async function action({ request, context }: Route.ActionArgs) {
  return handleSubmissionApi("serviceRequest", request, getEnv(context));
}
