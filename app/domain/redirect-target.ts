// Outside redirect targets stay on this site (ARCHITECTURE §7). Checked on the resolved result, not the
// input: browsers drop tabs and newlines, and dot segments collapse ("/a/..//evil.example" → "//evil…").

import { isLookupPath } from "./lookup-paths";

export const REDIRECT_TARGET_MAX_LENGTH = 2048;
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;
const ONE_LEADING_SLASH = /^\/(?![/\\])/;
const ANY_ORIGIN = "https://app.invalid";

/** A refused target is never repaired: the caller falls back to its own default page. */
export function safeRedirectTarget(
  target: string | null | undefined,
  appOrigin: string = ANY_ORIGIN,
): string | null {
  if (!isPlainPath(target)) return null;
  const path = resolvedPath(target, appOrigin);
  if (path === null || !isPlainPath(path)) return null;
  // Idempotent: the browser resolves the Location again and must arrive at this very path.
  if (resolvedPath(path, appOrigin) !== path) return null;
  if (isLookupPath(new URL(path, ANY_ORIGIN).pathname)) return null;
  return path;
}

function isPlainPath(value: string | null | undefined): value is string {
  return (
    typeof value === "string" &&
    value.length > 0 &&
    value.length <= REDIRECT_TARGET_MAX_LENGTH &&
    !UNSAFE_CHARACTERS.test(value) &&
    ONE_LEADING_SLASH.test(value)
  );
}

function resolvedPath(target: string, appOrigin: string): string | null {
  try {
    const origin = new URL(appOrigin).origin;
    const resolved = new URL(target, origin);
    if (resolved.origin !== origin) return null;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return null;
  }
}
