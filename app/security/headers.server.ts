// Security headers (ARCHITECTURE §12); documents also get a CSP with a per-request script nonce.

import { randomBytes } from "node:crypto";
import { TAG_MANAGER_ORIGIN } from "~/runtime/analytics-events";

const ANALYTICS_BEACON_ORIGINS = "https://*.google-analytics.com https://*.analytics.google.com";

/** What a script or stylesheet of the build needs of them (decision 0036): it is no document. */
export const BUILD_FILE_SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  // No other site may embed any response of ours (`?_data=` answers carry personal data).
  "Cross-Origin-Resource-Policy": "same-origin",
} as const;

export function fixedSecurityHeaders(secure: boolean): Record<string, string> {
  return {
    ...BUILD_FILE_SECURITY_HEADERS,
    // Same-origin posts keep their Origin under this policy (no-referrer would send Origin: null).
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(secure ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** Decision 0008: loader data, resource routes and error answers depend on the session. */
export const DEFAULT_CACHE_CONTROL = "private, no-store";

export const DEFAULT_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(nonce: string, withTagManager = false): string {
  const tagManager = withTagManager ? ` ${TAG_MANAGER_ORIGIN}` : "";
  const beacons = withTagManager ? ` ${TAG_MANAGER_ORIGIN} ${ANALYTICS_BEACON_ORIGINS}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${tagManager}`,
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src 'self' data: blob:${beacons}`,
    "font-src 'self'",
    `connect-src 'self'${beacons}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}
