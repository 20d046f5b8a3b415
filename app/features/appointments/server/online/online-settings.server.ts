import { eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { appointmentSettings } from "~/db/schema/appointments";
import { auditInsert } from "~/features/audit/audit.server";
import type { AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import { defaultOnlineBookingRules, describeOnlineBooking, type OnlineBookingRules } from "../../online/online-rules";

// The owner's rules for online booking as stored: columns of the appointments' one settings row
// (migration 0039). Saved with its audit entry in one batch.

const ROW_ID = 1;

export async function readOnlineBookingRules(env: Pick<AppEnv, "DB">): Promise<OnlineBookingRules> {
  const [row] = await getDb(env)
    .select({
      enabled: appointmentSettings.onlineEnabled,
      onlineShare: appointmentSettings.onlineShare,
      minNoticeHours: appointmentSettings.onlineNoticeHours,
      horizonDays: appointmentSettings.onlineHorizonDays,
      mode: appointmentSettings.onlineMode,
    })
    .from(appointmentSettings)
    .where(eq(appointmentSettings.id, ROW_ID));
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
  const db = getDb(env);
  await db.batch([
    db
      .insert(appointmentSettings)
      .values({ id: ROW_ID, ...columns })
      .onConflictDoUpdate({ target: appointmentSettings.id, set: columns }),
    auditInsert(db, {
      ...acting,
      action: "settings.online-booking",
      target: "appointments",
      detail: { rules: describeOnlineBooking(rules) },
    }),
  ]);
  return rules;
}
