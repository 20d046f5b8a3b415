import { useShopHours } from "~/hours/use-shop-hours";
import { AlertIcon } from "~/ui/icons";

/**
 * The owner's notice ("Closed today for snow…"), on top of every public page while it runs. The
 * page cache keeps no page past the moment it starts or ends (app/features/settings/server/).
 */
export function SiteNotice() {
  const notice = useShopHours()?.notice;
  if (!notice) return null;
  return (
    <aside aria-label="Notice from the shop" className="bg-amber-100 text-amber-950">
      <p className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2 text-sm font-medium sm:items-center">
        <AlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 sm:mt-0" />
        <span className="break-words">{notice.text}</span>
      </p>
    </aside>
  );
}
