import type { RouterContextProvider } from "react-router";
import { z } from "~/forms/zod";
import { getEnv } from "~/http/context.server";
import type { AppEnv } from "~/http/env.server";
import { handleJsonWrite, handleSettingsPut } from "~/http/json-endpoint.server";
import { jsonRefusal } from "~/http/outcome.server";
import { jsonResponse } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { capacitySchema } from "../capacity";
import { bookAppointment } from "./booking.server";
import { appointmentOfRequest, type AppointmentView } from "./booking-reads.server";
import { enqueueAppointmentMessages } from "./mail/appointment-mail.server";
import { bookingRulesFor, readCapacity, saveCapacity } from "./settings/capacity-settings.server";

// The appointments' JSON endpoints: the owners' capacity (/api/settings/capacity) and booking from
// a service request (/api/service-requests/<id>/appointment). Writes go through the one JSON door.

/** What GET /api/service-requests/<id> adds to the record: its `appointment` (or null). */
export async function appointmentOfRequestJson(env: AppEnv, id: string) {
  return { appointment: appointmentJson(await appointmentOfRequest(env, id)) };
}

function appointmentJson(view: AppointmentView | null) {
  if (!view) return null;
  const { id, date, kind, time, status, sequence, note, reminderSentAt } = view;
  return { id, date, kind, time, status, sequence, note, reminderSentAt };
}

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const BODY_LIMIT_BYTES = 4 * 1024;

/** GET /api/settings/capacity: what is set (every open day alike). */
export async function capacityResponse({ context }: Args): Promise<Response> {
  return jsonResponse(await readCapacity(getEnv(context)));
}

/** PUT /api/settings/capacity `{ dropOffsPerDay, waiterSlots: [{ time, places }], changeCutoffMinutes? }`. */
export function putCapacity({ request, context }: Args): Promise<Response> {
  return handleSettingsPut(request, capacitySchema, BODY_LIMIT_BYTES, async (input) =>
    jsonResponse(await saveCapacity(getEnv(context), input, actingMember(request, context))),
  );
}

const bookingSchema = z.object({
  date: z.string({ error: "Give the day as YYYY-MM-DD." }),
  kind: z.string({ error: 'Give the kind: "drop-off" or "waiter".' }),
  time: z.string({ error: "Give the waiter slot's time as HH:MM." }).nullable().optional(),
  note: z.string({ error: "The note must be text." }).nullable().optional(),
});

/** POST /api/service-requests/<id>/appointment `{ date, kind, time?, note? }` → 201. */
export function postAppointment({ request, context }: Args, requestId: string): Promise<Response> {
  return handleJsonWrite(
    request,
    {
      schema: bookingSchema,
      limitBytes: BODY_LIMIT_BYTES,
      invalidMessage: "Nothing was booked: some fields need attention.",
    },
    async (input) => {
      const env = getEnv(context);
      const booked = await bookAppointment(
        env,
        await bookingRulesFor(context),
        requestId,
        input,
        actingMember(request, context),
      );
      if (!booked.ok) return jsonRefusal(booked.refusal);
      await enqueueAppointmentMessages(env, [booked.messageId]);
      return jsonResponse(appointmentJson(booked.appointment), 201);
    },
  );
}
