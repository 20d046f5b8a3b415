import { appointmentSettings } from "~/db/schema/appointments";
import type { AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import { defaultOnlineBookingRules, describeOnlineBooking, type OnlineBookingRules } from "../../online/online-rules";
import { readSettingsColumns, saveSettingsColumns } from "../settings/settings-row.server";

// The owner's rules for online booking as stored: columns of the appointments' one settings row
// (migration 0039). Saved with its audit entry in one batch.

export async function readOnlineBookingRules(env: Pick<AppEnv, "DB">): Promise<OnlineBookingRules> {
  const row = await readSettingsColumns(env, {
    enabled: appointmentSettings.onlineEnabled,
    onlineShare: appointmentSettings.onlineShare,
    minNoticeHours: appointmentSettings.onlineNoticeHours,
    horizonDays: appointmentSettings.onlineHorizonDays,
    mode: appointmentSettings.onlineMode,
  });
  return row ?? defaultOnlineBookingRules;
}

/**
 * Whether the site links to /book (the header, the home and contact pages): the owner's switch.
 * If D1 cannot be read the link is left out (logged) rather than the page failing.
 */
export async function onlineBookingOpen(env: Pick<AppEnv, "DB">): Promise<boolean> {
  try {
    return (await readOnlineBookingRules(env)).enabled;
  } catch (error) {
    console.error("Online booking's switch unreadable: no link to /book", error);
    return false;
  }
}

export async function saveOnlineBookingRules(
  env: Pick<AppEnv, "DB">,
  rules: OnlineBookingRules,
  acting: Acting,
): Promise<OnlineBookingRules> {
  const columns = {
    onlineEnabled: rules.enabled,
    onlineShare: rules.onlineShare,
    onlineNoticeHours: rules.minNoticeHours,
    onlineHorizonDays: rules.horizonDays,
    onlineMode: rules.mode,
  };
  await saveSettingsColumns(env, columns, acting, {
    action: "settings.online-booking",
    target: "appointments",
    detail: { rules: describeOnlineBooking(rules) },
  });
  return rules;
}
