import type { Route } from "./+types/service-request";
import type { RouteHandle } from "~/route-handle";
import { handleSubmissionApi } from "~/features/submissions/server/submission-api.server";

// POST only: every other method gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["POST"] };

export function action({ request, context }: Route.ActionArgs) {
  return handleSubmissionApi("serviceRequest", request, context);
}
