// CSRF as Django REST Framework's SessionAuthentication enforces it: only for an authenticated
// session, only on unsafe methods; the X-CSRFToken header must equal the csrftoken cookie.
// The reasons are Django's own (since 4.0), in English as Django sends them.

import { timingSafeEqual } from "node:crypto";
import { ApiError } from "../http/errors";

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);

export function csrfFailure(reason: string): ApiError {
  return new ApiError(403, { detail: `CSRF Failed: ${reason}` });
}

export function checkCsrf(
  method: string,
  cookieToken: string | undefined,
  headerToken: string | undefined,
): void {
  if (SAFE_METHODS.has(method)) return;
  if (!cookieToken) throw csrfFailure("CSRF cookie not set.");
  if (!headerToken) throw csrfFailure("CSRF token missing.");
  if (headerToken.length !== 32 && headerToken.length !== 64) {
    throw csrfFailure("CSRF token from the 'X-Csrftoken' HTTP header has incorrect length.");
  }
  if (!/^[a-zA-Z0-9]+$/.test(headerToken)) {
    throw csrfFailure("CSRF token from the 'X-Csrftoken' HTTP header has invalid characters.");
  }
  const a = Buffer.from(headerToken);
  const b = Buffer.from(cookieToken);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw csrfFailure("CSRF token from the 'X-Csrftoken' HTTP header incorrect.");
  }
}
