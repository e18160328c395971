// ARCHITECTURE §12: a non-GET needs a same-origin Origin (else Sec-Fetch-Site, else Referer), else 403.

export interface RequestOriginHeaders {
  method: string;
  origin: string | null;
  secFetchSite: string | null;
  referer: string | null;
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

/** `allowedOrigins`: the public origin and the one reached, which differ behind a proxy or brand host. */
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
  // No signal at all: the app's own forms always carry Origin or Sec-Fetch-Site.
  return false;
}
