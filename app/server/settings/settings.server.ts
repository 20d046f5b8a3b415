import type { CalendarDate } from "~/hours/shop-calendar";
import type { ShopSchedule } from "~/hours/shop-schedule";
import type { AppEnv } from "../http/env.server";
import { readShopSettings, scheduleOf } from "./shop-settings.server";

// The settings feature's public file (docs/decisions/024-feature-folders-and-gates.md): what other
// features read of the owner's settings.

/**
 * The shop's schedule from `from` on, read from D1: the weekly hours as they are now, the owner's
 * closures and special hours on or after `from` (past ones are kept), the ticked federal holidays.
 * For a look back (the insights' open-hours clock); a request's pages use the one reading per request.
 */
export async function readScheduleFrom(env: Pick<AppEnv, "DB">, from: CalendarDate): Promise<ShopSchedule> {
  return scheduleOf(await readShopSettings(env), from);
}
