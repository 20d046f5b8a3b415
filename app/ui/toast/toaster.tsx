import { type ComponentType, lazy, Suspense } from "react";
import { useToastState } from "./toast-store";

// Radix Toast is ~12 KB gzip, more than half of the budget for a form page's own code, and
// most visits never raise a toast: it loads with the first one. If it cannot be loaded, the
// message written into the page (FormSuccessNotice, FlashMessage, the form's alert) remains.
const RadixToaster = lazy<ComponentType>(() => import("./radix-toaster").catch(() => ({ default: () => null })));

/** The page's toast region. Rendered only on pages that load JavaScript. */
export function Toaster() {
  const { toast } = useToastState();
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
