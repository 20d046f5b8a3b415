import { activitySchema } from "~/features/desk/schemas";
import { inboxKinds, type InboxKind } from "~/records/kinds";
import type { Acting } from "../../../http/staff-member.server";
import type { AppEnv } from "../../../http/env.server";
import { handleJsonWrite } from "../../../http/json-endpoint.server";
import { jsonAnswer, refused, succeeded } from "../../../http/outcome.server";
import { logActivity } from "../desk.server";

// POST /api/<kind>/<id>/activity: one entry of the call log, `{ "type": "call", "outcome", "note"? }`,
// `{ "type": "note", "note" }` or `{ "type": "email", "note"? }`, answered 201 with the record
// (its `activity`, `firstContactAt`, status and history as they now are).

// A note of 2,000 characters, each up to 4 bytes in UTF-8 (or 12 as a JSON \u escape pair), fits.
const ACTIVITY_BODY_LIMIT_BYTES = 16 * 1024;

export function activityResponse(request: Request, env: AppEnv, acting: Acting, kind: InboxKind, id: string) {
  return handleJsonWrite(
    request,
    {
      schema: activitySchema,
      limitBytes: ACTIVITY_BODY_LIMIT_BYTES,
      invalidMessage: "Send a call with its outcome, a note, or an email.",
    },
    async (entry) => {
      const record = await logActivity(env, kind, id, entry, acting);
      if (!record) {
        return jsonAnswer(refused("not-found", `There is no ${inboxKinds[kind].singular.toLowerCase()} with this id.`));
      }
      return jsonAnswer(succeeded(record), 201);
    },
  );
}
