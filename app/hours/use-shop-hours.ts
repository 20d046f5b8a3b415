import { useRouteLoaderData } from "react-router";
import { defaultWeeklyHours } from "~/content/hours";
import { openingHoursRows, type OpeningHoursRow } from "~/hours/opening-hours";
import type { ShopHours } from "~/hours/shop-hours";

/**
 * The shop's hours as of this request (the open-now line, the weekly hours, the closures and
 * special hours ahead, the notice), computed once by the root loader from the owner's settings.
 * Typed by shape, not through `typeof loader` from app/root.tsx, which renders the header that
 * reads it: no import cycle. Undefined only under an error page whose root loader failed.
 */
export function useShopHours(): ShopHours | undefined {
  return useRouteLoaderData<{ shopHours: ShopHours }>("root")?.shopHours;
}

const shippedOpeningHours = openingHoursRows(defaultWeeklyHours);

/** The weekly hours as the pages print them; the shipped ones under an error page without the root's data. */
export function useOpeningHours(): OpeningHoursRow[] {
  return useShopHours()?.weekly ?? shippedOpeningHours;
}
