// §8 "Changed app version: reload error and page reload", §9 "Build manifest checked hourly". The
// page asks /builds/latest.json every hour, and when the tab comes back after an hour away (browsers
// slow down timers in background tabs). A different version means a deploy happened: the page's
// scripts may no longer match the server. The page reloads at once only when nothing can be lost:
// nobody typed or chose a file on it and no post, upload or load is under way. Otherwise the next
// navigation becomes a document load of its target (after a post, of the page it redirected to),
// which is what the same click does without JavaScript; the unsaved-changes warning still asks first
// (its in-app blocker runs before the navigation starts, its beforeunload prompt before the load).

import { BUILD_METADATA_PATH, VERSION_CHECK_INTERVAL_MS, newerVersionIn } from "./build-metadata";
import { reloadOnce } from "./reload-guard";

type Router = typeof window.__remixRouter;
type RouterState = Router["state"];

export function isRouterIdle(state: RouterState): boolean {
  if (state.navigation.state !== "idle" || state.revalidation !== "idle") return false;
  for (const fetcher of state.fetchers.values()) if (fetcher.state !== "idle") return false;
  return true;
}

const pathOf = (location: { pathname: string; search: string }) => location.pathname + location.search;

/**
 * The URL a navigation under way should load as a document instead, or null: a GET navigation's
 * target, or where a post redirected to. A post's answer shown on the same page (its field errors)
 * stays in the app: loading it again would lose what the post answered.
 */
export function documentTargetOf(state: RouterState): string | null {
  const { navigation } = state;
  if (navigation.state !== "loading") return null;
  const isGet = navigation.formMethod === undefined || navigation.formMethod.toLowerCase() === "get";
  if (!isGet && pathOf(navigation.location) === pathOf(state.location)) return null;
  return pathOf(navigation.location) + navigation.location.hash;
}

export function watchBuildVersion(router: Router): void {
  const pageVersion = window.__remixManifest.version;
  let lastCheckAt = Date.now();
  let isNewVersionOut = false;
  // Typed into or chose a file on the page shown now (input and change bubble from every field).
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
