import { useRouteLoaderData } from "react-router";
import type { ShopHours } from "~/hours/shop-hours";

/**
 * The shop's hours as of this request (the open-now line, the closures ahead), computed once by
 * the root loader. Typed by shape, not through `typeof loader` from app/root.tsx, which renders
 * the header that reads it: no import cycle. Undefined only under an error page whose root
 * loader failed.
 */
export function useShopHours(): ShopHours | undefined {
  return useRouteLoaderData<{ shopHours: ShopHours }>("root")?.shopHours;
}
