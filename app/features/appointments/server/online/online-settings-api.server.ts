import type { RouterContextProvider } from "react-router";
import { getEnv } from "~/http/context.server";
import { handleSettingsPut } from "~/http/json-endpoint.server";
import { jsonResponse } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { onlineBookingSchema } from "../../online/online-rules";
import { readOnlineBookingRules, saveOnlineBookingRules } from "./online-settings.server";

// /api/settings/online-booking (owners, a recent check to write): the rules for /book. The same
// schema and save as the Settings page's form.

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function onlineBookingResponse({ context }: Args): Promise<Response> {
  return jsonResponse(await readOnlineBookingRules(getEnv(context)));
}

/** PUT `{ enabled, onlineShare, minNoticeHours, horizonDays, mode }` → 200 with what now holds. */
export function putOnlineBooking({ request, context }: Args): Promise<Response> {
  return handleSettingsPut(request, onlineBookingSchema, 1024, async (input) =>
    jsonResponse(await saveOnlineBookingRules(getEnv(context), input, actingMember(request, context))),
  );
}
