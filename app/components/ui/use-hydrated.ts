import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/** False during the server render and the first client render, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
