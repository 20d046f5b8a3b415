import * as Toast from "@radix-ui/react-toast";
import { useEffect } from "react";
import { TOAST_DURATION_MS, dismissToast, markToastShown, useToastState } from "./toast-store";

const variantClasses = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-800 bg-red-700 text-white",
} as const;

/** Radix's toast region (F8 focuses it), loaded with the first toast a page shows. */
export default function RadixToaster() {
  const { toast, open } = useToastState();
  const toastId = toast?.id;
  // On screen now: a server-queued toast's copy written into the page (FlashMessage) steps aside.
  useEffect(() => {
    if (toastId) markToastShown(toastId);
  }, [toastId]);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toast ? (
        <Toast.Root
          key={toast.id}
          open={open}
          onOpenChange={(isOpen) => (isOpen ? undefined : dismissToast())}
          type={toast.variant === "destructive" ? "foreground" : "background"}
          className={`pointer-events-auto relative flex w-full items-start justify-between gap-4 rounded-lg border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] ${variantClasses[toast.variant]}`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{toast.title}</Toast.Title>
            {toast.description ? (
              <Toast.Description className="text-sm opacity-90">{toast.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Close notification"
            className="absolute top-2 right-2 rounded p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </Toast.Close>
        </Toast.Root>
      ) : null}
      <Toast.Viewport className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]" />
    </Toast.Provider>
  );
}
