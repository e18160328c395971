// §8 "Chunk-load errors: reload at most once within 10 seconds"; kept per tab in sessionStorage.

export const RELOAD_GUARD_MS = 10_000;
const LAST_RELOAD_KEY = "sakidori:lastReloadAt";

export function mayReloadNow(lastReloadAt: number | null, now: number): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  // A clock set back since then counts as long ago: never stuck without a reload.
  return now - lastReloadAt >= RELOAD_GUARD_MS || now < lastReloadAt;
}

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

const FAILED_IMPORT = /dynamically imported module|Importing a module script failed/;

export function isFailedImport(reason: unknown): boolean {
  return reason instanceof Error && FAILED_IMPORT.test(reason.message);
}

export function guardChunkLoads(): void {
  // Only the build's own files (/build/…): a reload can mend those, not a third party's.
  const buildFiles = `${window.location.origin}/build/`;
  // Load errors of <script> and <link> do not bubble: listen in the capture phase on window.
  window.addEventListener(
    "error",
    (event) => {
      const target = event.target as Partial<HTMLScriptElement & HTMLLinkElement> | null;
      const url = target?.src || target?.href || "";
      if (url.startsWith(buildFiles)) reloadOnce();
    },
    true,
  );
  window.addEventListener("unhandledrejection", (event) => {
    if (isFailedImport(event.reason)) reloadOnce();
  });
}
