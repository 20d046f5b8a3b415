import type { Route } from "./+types/contact";
import { getEnv } from "~/server/context.server";
import { handleSubmissionApi, methodNotAllowed } from "~/server/submission-api.server";

export const loader = () => methodNotAllowed();

export async function action({ request, context }: Route.ActionArgs) {
  return handleSubmissionApi("contact", request, getEnv(context));
}
