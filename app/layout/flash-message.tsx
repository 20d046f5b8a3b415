import type { ToastMessage } from "~/ui/toast/toast-store";

/** A server-queued toast written into the page, for visitors whose browser runs no JavaScript. */
export function FlashMessage({ toast }: { toast: ToastMessage }) {
  const tone =
    toast.variant === "destructive"
      ? "border-red-300 bg-red-50 text-red-900"
      : "border-green-300 bg-green-50 text-green-900";
  return (
    <div role="status" className={`mx-auto mt-4 max-w-6xl rounded-lg border px-4 py-3 ${tone}`}>
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p className="text-sm">{toast.description}</p> : null}
    </div>
  );
}
