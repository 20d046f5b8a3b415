import { useSyncExternalStore } from "react";

export type ToastVariant = "default" | "destructive";
export type ToastMessage = {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Set when the toast reports a form's result: that form shows it inline for no-JavaScript visitors. */
  formId?: string;
};
/** `shownId`: the last toast the toast region has put on screen (the page's written copy then steps aside). */
type ToastState = { toast: ToastMessage | null; open: boolean; shownId: string | null };

// The site's toast rules: one toast at a time; a dismissed toast stays in memory this long.
const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5_000;

let state: ToastState = { toast: null, open: false, shownId: null };
let removeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setState(next: ToastState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing the one on screen (one at a time, never a stack). */
export function showToast(toast: Omit<ToastMessage, "id"> & { id?: string }) {
  clearTimeout(removeTimer);
  setState({ ...state, toast: { ...toast, id: toast.id ?? crypto.randomUUID() }, open: true });
}

export function dismissToast() {
  if (!state.toast) return;
  setState({ ...state, open: false });
  clearTimeout(removeTimer);
  removeTimer = setTimeout(() => setState({ ...state, toast: null, open: false }), TOAST_REMOVE_DELAY_MS);
}

/** Called by the toast region once a toast is on screen. */
export function markToastShown(id: string) {
  if (state.shownId !== id) setState({ ...state, shownId: id });
}

const serverState: ToastState = { toast: null, open: false, shownId: null };

export function useToastState(): ToastState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => serverState,
  );
}
