// ARCHITECTURE §12: every non-GET request is checked for a same-origin Origin (else
// Sec-Fetch-Site, else Referer); anything else is refused with a 403 before the upstream is called.

export interface RequestOriginHeaders {
  method: string;
  origin: string | null;
  secFetchSite: string | null;
  referer: string | null;
  /** The origin the request was addressed to (scheme + Host header). */
  requestOrigin: string;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * True when the request may proceed. `allowedOrigins` are the app's own origins (the public one
 * and the one the request reached, which differ behind a proxy or with a brand host).
 */
export function isSameOriginWrite(headers: RequestOriginHeaders, allowedOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(headers.method.toUpperCase())) return true;
  const allowed = new Set(
    [...allowedOrigins, headers.requestOrigin].map(originOf).filter((o): o is string => o !== null),
  );
  // Origin "null" (opaque) proves nothing: fall through to the other signals.
  if (headers.origin && headers.origin !== "null") {
    const origin = originOf(headers.origin);
    return origin !== null && allowed.has(origin);
  }
  if (headers.secFetchSite) {
    return headers.secFetchSite === "same-origin";
  }
  if (headers.referer) {
    const origin = originOf(headers.referer);
    return origin !== null && allowed.has(origin);
  }
  // No signal at all: not a browser form post from another site (browsers send Origin on POST).
  // Refuse: the app's own forms always carry Origin or Sec-Fetch-Site.
  return false;
}
