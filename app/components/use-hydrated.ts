// Whether the page runs with JavaScript: false while the server renders and during hydration, true
// from then on, also for a component first mounted later (a claim added, a form remounted after a
// save), which then renders its JavaScript form at once instead of flashing the no-JavaScript one.

import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
