import type { RouterContextProvider } from "react-router";
import { actingMember } from "../../../http/staff-member.server";
import { getEnv, getRequestTime } from "../../../http/context.server";
import { handleJsonWrite } from "../../../http/json-endpoint.server";
import { jsonAnswer, refused, succeeded } from "~/http/outcome.server";
import { methodNotAllowed } from "../../../http/responses.server";
import {
  applySettingsChange,
  type ChangeOutcome,
  changeSchemaAt,
  type ChangeWithInput,
  type SettingsChange,
} from "./settings-changes.server";
import { isCalendarDate } from "~/forms/dates";

// The owners' JSON endpoints under /api/settings/ (app/routes.ts puts them behind the owners'
// gate). Each write goes through the one JSON door, then the same change the settings page makes.

const SETTINGS_BODY_LIMIT_BYTES = 8 * 1024;

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const answer = (outcome: ChangeOutcome) => jsonAnswer(outcome.ok ? succeeded({ message: outcome.message }) : outcome);

function apply({ request, context }: Args, change: SettingsChange): Promise<Response> {
  return applySettingsChange(getEnv(context), change, actingMember(request, context)).then(answer);
}

function write(args: Args, method: "POST" | "PUT", kind: ChangeWithInput): Promise<Response> {
  return handleJsonWrite(
    args.request,
    {
      method,
      allowed: method === "PUT" ? ["PUT", "DELETE"] : [method],
      schema: changeSchemaAt(kind, getRequestTime(args.context)),
      limitBytes: SETTINGS_BODY_LIMIT_BYTES,
      invalidMessage: "Nothing was changed: some fields need attention.",
    },
    (change) => apply(args, change),
  );
}

/** PUT /api/settings/weekly-hours `{ weekly: [{ day, opens, closes } | { day, closed: true }], confirmNoOpenDay? }`. */
export const putWeeklyHours = (args: Args) => write(args, "PUT", "weekly-hours");

/** POST /api/settings/closures `{ date, reason }`. */
export const postClosure = (args: Args) => write(args, "POST", "closure.add");

/** POST /api/settings/special-hours `{ date, opens, closes, reason }`. */
export const postSpecialHours = (args: Args) => write(args, "POST", "special-hours.add");

/** PUT /api/settings/holidays `{ closed: ["thanksgiving-day", …] }`. */
export const putHolidays = (args: Args) => write(args, "PUT", "holidays");

/** PUT /api/settings/notice `{ text, startsAt, endsAt }`; DELETE /api/settings/notice. */
export function writeNotice(args: Args): Promise<Response> {
  if (args.request.method === "DELETE") return apply(args, { kind: "notice.clear" });
  return write(args, "PUT", "notice.set");
}

/** DELETE /api/settings/closures/<date> and /api/settings/special-hours/<date>. */
export function deleteByDate(args: Args, kind: "closure.remove" | "special-hours.remove", date: string | undefined) {
  if (args.request.method !== "DELETE") return Promise.resolve(methodNotAllowed(["DELETE"]));
  if (!date || !isCalendarDate(date)) {
    const fieldErrors = { date: ["That date does not exist."] };
    const message = "Name a date that exists as YYYY-MM-DD in the address.";
    return Promise.resolve(jsonAnswer(refused("invalid", message, { fieldErrors })));
  }
  return apply(args, { kind, date });
}
