import { z } from "~/forms/zod";
import { type Acting } from "../../../http/staff-member.server";
import type { AppEnv } from "../../../http/env.server";
import { handleJsonWrite } from "../../../http/json-endpoint.server";
import { jsonAnswer, refusalData, refused, succeeded } from "../../../http/outcome.server";
import { readIntentForm } from "../../../http/request-body.server";
import { jsonResponse, NO_STORE } from "../../../http/responses.server";
import { resetMemberSecondFactor, setTeamRequirement } from "./enrolment.server";

// The owners' side of the second factor: "Require a second factor for everyone" and resetting a
// member's second factor (a lost phone), as team page forms and as JSON. Both are audited.

const TEAM_PAGE = "/incoming/team";
const BODY_LIMIT_BYTES = 1024;

/** POST /incoming/team/second-factor: intent "require" (required=yes|no) or "reset" (username, confirm). */
export async function handleTeamSecondFactorAction(request: Request, env: AppEnv, acting: Acting) {
  const posted = await readIntentForm(request, env, { limitBytes: BODY_LIMIT_BYTES, page: TEAM_PAGE });
  if (!posted.ok) return posted.refusal;
  const { form, intent, back } = posted;
  switch (intent) {
    case "require": {
      const required = form.get("required");
      if (required !== "yes" && required !== "no") break;
      await setTeamRequirement(env, required === "yes", acting);
      return back(
        required === "yes"
          ? { title: "Second factor required", description: "Members without one set it up at their next sign-in." }
          : { title: "Second factor optional", description: "Each member may still set one up." },
      );
    }
    case "reset": {
      const username = form.get("username");
      if (typeof username !== "string") break;
      if (form.get("confirm") !== "yes") {
        return back({
          title: "Nothing changed",
          description: "Tick the box to confirm the reset.",
          variant: "destructive",
        });
      }
      if (!(await resetMemberSecondFactor(env, username, acting))) {
        return back({
          title: "Nothing changed",
          description: "That account no longer exists.",
          variant: "destructive",
        });
      }
      return back({
        title: "Second factor reset",
        description: `${username} signs in with their password alone until they set up a new one.`,
      });
    }
  }
  const { refusal } = refused("invalid", "This form could not be read. Please reload the page and try again.");
  throw refusalData(refusal, { message: refusal.message }, NO_STORE);
}

const requirementSchema = z.object({
  required: z.boolean({ error: "`required` must be true or false." }),
});

/** PUT /api/team/second-factor { required }: the owners' requirement. */
export function requirementResponse(request: Request, env: AppEnv, acting: Acting) {
  const endpoint = {
    method: "PUT" as const,
    schema: requirementSchema,
    limitBytes: BODY_LIMIT_BYTES,
    invalidMessage: "Send { required: true } or { required: false }.",
  };
  return handleJsonWrite(request, endpoint, async ({ required }) => {
    await setTeamRequirement(env, required, acting);
    return jsonResponse({ required });
  });
}

/** DELETE /api/team/<username>/second-factor: removes a member's authenticator, codes and passkeys. */
export async function resetResponse(env: AppEnv, acting: Acting, username: string) {
  const reset = await resetMemberSecondFactor(env, username, acting);
  return jsonAnswer(reset ? succeeded({ success: true }) : refused("not-found", "No such account."));
}
