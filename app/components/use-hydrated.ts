// False while the server renders and during hydration; true from then on, also for a component first
// mounted later, so it never flashes its no-JavaScript form.

import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
