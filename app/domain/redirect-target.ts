// Redirect targets that come from outside (a ?redirectTo= query, a login form field, the upstream's
// redirect_to of §8) must stay on this site (ARCHITECTURE §7). REFERENCE.md: a check on the
// first characters alone is bypassed by "/\t/evil.example" and "/\n/evil.example", since browsers
// drop tabs and newlines. And a check on the input alone is bypassed by dot segments, which
// collapse while the URL is resolved: "/.//evil.example", "/a/..//evil.example" and
// "/%2e//evil.example" all come out as "//evil.example", which a browser reads as another host. So
// the check is made on what comes out, the string that goes into the Location header. A look-up route
// (JSON for a script, no page) is never a target either: a person sent there after login sees raw data.

import { isLookupPath } from "./lookup-paths";

const MAX_LENGTH = 2048;
// Control characters (tab, newline, NUL …), DEL and backslashes.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;
/** Exactly one leading slash: "//host" and "/\host" name another host. */
const ONE_LEADING_SLASH = /^\/(?![/\\])/;
/** The result is a path, the same whatever site it is resolved against; this one stands for any. */
const ANY_ORIGIN = "https://app.invalid";

/**
 * Returns the same-origin path (with query and hash) to go to, or null when the target is refused.
 * A refused target is never repaired: the caller falls back to its own default page.
 */
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
    value.length <= MAX_LENGTH &&
    !UNSAFE_CHARACTERS.test(value) &&
    ONE_LEADING_SLASH.test(value)
  );
}

/** The path, query and hash `target` resolves to on `appOrigin`, or null when it leaves it. */
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

/** Query parameters Remix adds to a form's action (index routes) and to data requests. */
const REMIX_PARAMETERS = ["index", "_data"];

/**
 * The path to return to after login, from the URL of the request that found the session gone. A
 * POST's URL is the page the form was on (Remix posts to the page's own route), so GET and POST
 * both return there; the Referer is not trusted. Remix's own parameters are dropped.
 */
export function returnPathOf(url: URL): string {
  if (!REMIX_PARAMETERS.some((name) => url.searchParams.has(name))) return `${url.pathname}${url.search}`;
  const params = new URLSearchParams(url.search);
  for (const name of REMIX_PARAMETERS) params.delete(name);
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
