// §8 "Changed app version: reload", only when nothing can be lost; else the next navigation loads whole.

import { BUILD_METADATA_PATH, VERSION_CHECK_INTERVAL_MS, newerVersionIn } from "./build-metadata";
import { reloadOnce } from "./reload-guard";
import { type BrowserRouter, pageBuildVersion } from "./remix-internals";

type RouterState = BrowserRouter["state"];

export function isRouterIdle(state: RouterState): boolean {
  if (state.navigation.state !== "idle" || state.revalidation !== "idle") return false;
  for (const fetcher of state.fetchers.values()) if (fetcher.state !== "idle") return false;
  return true;
}

const pathOf = (location: { pathname: string; search: string }) => location.pathname + location.search;

export function documentTargetOf(state: RouterState): string | null {
  const { navigation } = state;
  if (navigation.state !== "loading") return null;
  const isGet = navigation.formMethod === undefined || navigation.formMethod.toLowerCase() === "get";
  if (!isGet && pathOf(navigation.location) === pathOf(state.location)) return null;
  return pathOf(navigation.location) + navigation.location.hash;
}

export function watchBuildVersion(router: BrowserRouter): void {
  const pageVersion = pageBuildVersion();
  let lastCheckAt = Date.now();
  let isNewVersionOut = false;
  let isTouched = false;
  let shownKey = router.state.location.key;

  const markTouched = () => {
    isTouched = true;
  };
  document.addEventListener("input", markTouched, true);
  document.addEventListener("change", markTouched, true);

  router.subscribe((state) => {
    if (isNewVersionOut) {
      const target = documentTargetOf(state);
      if (target !== null) {
        window.location.assign(target);
        return;
      }
    }
    if (state.navigation.state === "idle" && state.location.key !== shownKey) {
      shownKey = state.location.key;
      isTouched = false;
    }
  });

  const check = async () => {
    lastCheckAt = Date.now();
    try {
      const response = await fetch(BUILD_METADATA_PATH, { cache: "no-store" });
      if (!response.ok || newerVersionIn(await response.json(), pageVersion) === null) return;
    } catch {
      return; // offline or a broken answer: ask again at the next check
    }
    isNewVersionOut = true;
    if (!isTouched && isRouterIdle(router.state)) reloadOnce();
  };

  window.setInterval(check, VERSION_CHECK_INTERVAL_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - lastCheckAt >= VERSION_CHECK_INTERVAL_MS)
      void check();
  });
}
