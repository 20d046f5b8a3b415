import type { RouterContextProvider } from "react-router";
import { getEnv } from "~/http/context.server";
import { handleSettingsPut } from "~/http/json-endpoint.server";
import { jsonAnswer, refused } from "~/http/outcome.server";
import { jsonResponse } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { bookingOptionsSchema } from "../../booking-options";
import { readBookingOptions, saveBookingOptions } from "./booking-options.server";

// /api/settings/appointment-options (owners): the switches for booking on arrival and the review
// request, and the review link. The same schema and save as the capacity page's forms.

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function bookingOptionsResponse({ context }: Args): Promise<Response> {
  return jsonResponse(await readBookingOptions(getEnv(context)));
}

/** PUT `{ confirmOnArrival?, reviewRequestsOn?, reviewUrl? }`: what is left out stays as it is. */
export function putBookingOptions({ request, context }: Args): Promise<Response> {
  return handleSettingsPut(request, bookingOptionsSchema, 2048, async (input) => {
    const saved = await saveBookingOptions(getEnv(context), input, actingMember(request, context));
    return saved.ok
      ? jsonResponse(saved.options)
      : jsonAnswer(refused("invalid", saved.message, { fieldErrors: { [saved.field]: [saved.message] } }));
  });
}
