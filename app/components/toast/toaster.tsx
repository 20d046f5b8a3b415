import { lazy, Suspense } from "react";
import { useToastState } from "./toast-store";

// Radix Toast is ~12 KB gzip, more than half of the budget for a form page's own code, and
// most visits never raise a toast: it loads with the first one.
const RadixToaster = lazy(() => import("./radix-toaster"));

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
