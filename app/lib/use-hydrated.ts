import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/** False while the server renders and while the page hydrates, true from the render after hydration on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
