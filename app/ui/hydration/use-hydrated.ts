import { useSyncExternalStore } from "react";

const subscribe = () => () => {
  // Nothing to unsubscribe from: the value only changes from server to browser.
};

/** False in the server render and during hydration, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
