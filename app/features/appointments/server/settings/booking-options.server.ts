import { getDb } from "~/db/db.server";
import { appointmentSettings } from "~/db/schema/appointments";
import { auditInsert } from "~/features/audit/audit.server";
import type { AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import {
  applyBookingOptions,
  type BookingOptions,
  type BookingOptionsInput,
  defaultBookingOptions,
} from "../../booking-options";
import { readSettingsColumns, writeSettingsColumns } from "./settings-row.server";

// The owner's appointment switches as stored: columns of the capacity's one row (migration 0029).

export async function readBookingOptions(env: Pick<AppEnv, "DB">): Promise<BookingOptions> {
  const row = await readSettingsColumns(env, {
    confirmOnArrival: appointmentSettings.confirmOnArrival,
    reviewRequestsOn: appointmentSettings.reviewRequestsOn,
    reviewUrl: appointmentSettings.reviewUrl,
  });
  return row ?? defaultBookingOptions;
}

export type SavedOptions = { ok: true; options: BookingOptions } | { ok: false; field: "reviewUrl"; message: string };

/** Applies a change (a switch turned on or off, the review link), audited per switch that changed. */
export async function saveBookingOptions(
  env: AppEnv,
  input: BookingOptionsInput,
  acting: Acting,
): Promise<SavedOptions> {
  const current = await readBookingOptions(env);
  const applied = applyBookingOptions(current, input);
  if (!applied.ok) return applied;
  const { options } = applied;
  const db = getDb(env);
  const audits = [];
  if (options.confirmOnArrival !== current.confirmOnArrival) {
    audits.push(
      auditInsert(db, {
        ...acting,
        action: "settings.confirm-on-arrival",
        target: "appointments",
        detail: { on: options.confirmOnArrival },
      }),
    );
  }
  if (options.reviewRequestsOn !== current.reviewRequestsOn || options.reviewUrl !== current.reviewUrl) {
    audits.push(
      auditInsert(db, {
        ...acting,
        action: "settings.review-requests",
        target: "appointments",
        detail: { on: options.reviewRequestsOn, reviewUrl: options.reviewUrl },
      }),
    );
  }
  await db.batch([writeSettingsColumns(db, options), ...audits]);
  return { ok: true, options };
}
