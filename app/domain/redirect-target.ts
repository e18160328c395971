// Redirect targets that come from outside (a ?redirectTo= query, a login form field) must stay on
// this site (ARCHITECTURE decision 7). REFERENCE.md: a check on the first characters alone is
// bypassed by "/\t/evil.example" and "/\n/evil.example", since browsers drop tabs and newlines.

/** Returns the same-origin path (with query and hash) to go to, or null when the target is refused. */
export function safeRedirectTarget(target: string | null | undefined, appOrigin: string): string | null {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return null;
  // Control characters (tab, newline, NUL …), DEL and backslashes are refused outright.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return null;
  if (!target.startsWith("/") || target.startsWith("//")) return null;
  let resolved: URL;
  let origin: URL;
  try {
    origin = new URL(appOrigin);
    resolved = new URL(target, origin);
  } catch {
    return null;
  }
  if (resolved.origin !== origin.origin) return null;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The path to return to after login, from the URL the user asked for. */
export function returnPathOf(url: URL): string {
  return `${url.pathname}${url.search}`;
}
