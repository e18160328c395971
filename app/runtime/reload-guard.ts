// §8 "Chunk-load errors: reload at most once within 10 seconds" (§9 "reload guard 10 seconds"). A
// script or stylesheet of the build that fails to load (a deploy removed it while the page was open)
// leaves the page half-working: a reload fetches the new build. The time of the last reload is kept
// in sessionStorage, per tab, so a file that is still missing after the reload cannot loop the tab.

export const RELOAD_GUARD_MS = 10_000;
const LAST_RELOAD_KEY = "sakidori:lastReloadAt";

/** Whether a reload may happen now, given when the last one happened (null: none in this tab). */
export function mayReloadNow(lastReloadAt: number | null, now: number): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  // A clock set back since then counts as long ago: never stuck without a reload.
  return now - lastReloadAt >= RELOAD_GUARD_MS || now < lastReloadAt;
}

/** Reloads the page unless this tab reloaded less than 10 s ago; answers whether it did. */
export function reloadOnce(): boolean {
  const now = Date.now();
  let last: number | null = null;
  try {
    const stored = window.sessionStorage.getItem(LAST_RELOAD_KEY);
    last = stored === null ? null : Number(stored);
    if (!mayReloadNow(last, now)) return false;
    window.sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    // No storage (private mode, blocked): no way to remember, so no automatic reload at all.
    return false;
  }
  window.location.reload();
  return true;
}

/** The messages browsers give a failed dynamic import (Chromium and Firefox; Safari). */
const FAILED_IMPORT = /dynamically imported module|Importing a module script failed/;

export function isFailedImport(reason: unknown): boolean {
  return reason instanceof Error && FAILED_IMPORT.test(reason.message);
}

/** Reloads (guarded) when a file of the build fails to load or a dynamic import of one fails. */
export function guardChunkLoads(): void {
  // Only the build's own files (/build/…): a reload can mend those, not a third party's.
  const buildFiles = `${window.location.origin}/build/`;
  // Load errors of <script> and <link> do not bubble: listen in the capture phase on window.
  window.addEventListener(
    "error",
    (event) => {
      const target = event.target as Partial<HTMLScriptElement & HTMLLinkElement> | null;
      // src and href are absolute URLs once resolved by the element.
      const url = target?.src || target?.href || "";
      if (url.startsWith(buildFiles)) reloadOnce();
    },
    true,
  );
  window.addEventListener("unhandledrejection", (event) => {
    if (isFailedImport(event.reason)) reloadOnce();
  });
}
