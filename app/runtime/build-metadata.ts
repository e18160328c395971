// §7 builds/latest.json, §9 "Build manifest checked hourly": shared by server and browser runtime.

export const BUILD_METADATA_PATH = "/builds/latest.json";

export const VERSION_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export function newerVersionIn(answer: unknown, pageVersion: string): string | null {
  if (typeof answer !== "object" || answer === null) return null;
  const version = (answer as { version?: unknown }).version;
  if (typeof version !== "string" || version === "" || version === pageVersion) return null;
  return version;
}
