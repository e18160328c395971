// The build metadata both sides share (§7 builds/latest.json, §9 "Build manifest checked hourly"):
// where it is answered and what counts as a new version. The server answers it
// (build-version.server.ts); the browser runtime polls it (new-version.ts).

export const BUILD_METADATA_PATH = "/builds/latest.json";

/** §9: the build manifest is checked hourly. */
export const VERSION_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The version in an answer of /builds/latest.json when it differs from the page's own; null when it
 * is the same or the answer is not one (a proxy's error page must never reload anyone).
 */
export function newerVersionIn(answer: unknown, pageVersion: string): string | null {
  if (typeof answer !== "object" || answer === null) return null;
  const version = (answer as { version?: unknown }).version;
  if (typeof version !== "string" || version === "" || version === pageVersion) return null;
  return version;
}
