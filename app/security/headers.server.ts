// Security headers (ARCHITECTURE §12). Every response gets the fixed ones; documents also get
// a Content-Security-Policy whose script nonce is new for each request.

import { randomBytes } from "node:crypto";
import { TAG_MANAGER_ORIGIN } from "~/runtime/analytics-events";

/** Where the tag manager's analytics tags send their hits. */
const ANALYTICS_BEACON_ORIGINS = "https://*.google-analytics.com https://*.analytics.google.com";

export function fixedSecurityHeaders(secure: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    // Same-origin posts keep their Origin under this policy (no-referrer would send Origin: null).
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    // No other site may embed any response of ours (`?_data=` answers carry personal data).
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(secure ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * What a response says about caching when its handler said nothing (decision 0008): loader data
 * (`?_data=`), resource routes and error answers carry personal data or depend on the session, so
 * no cache keeps them. Static files set their own (app/server: /build/* a year, immutable).
 */
export const DEFAULT_CACHE_CONTROL = "private, no-store";

/**
 * The policy of an answer that sets none (the gate's own pages, JSON, files): nothing runs or loads
 * but the app's own stylesheets and images. Documents get theirs, with the nonce, from entry.server.
 */
export const DEFAULT_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * `withTagManager`: §9 analytics is configured (ANALYTICS_CONTAINER_ID), so the tag manager's script
 * (loaded with the nonce) and its beacons are allowed; otherwise no third-party origin is.
 */
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
