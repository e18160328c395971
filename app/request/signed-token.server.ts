// Claims a page carries and posts back (decision 0027), signed, not encrypted: whoever sees the page
// can read them, and changed in the browser or past their expiry they read as nothing.

import { createHmac, timingSafeEqual } from "node:crypto";
import { appConfig } from "~/settings/config.server";

type Claims = Record<string, unknown>;

const signature = (secret: string, purpose: string, payload: string) =>
  createHmac("sha256", secret).update(`sakidori ${purpose}\0${payload}`).digest();

/** `purpose` keeps a token made for one use from being accepted for another. */
export function signToken(purpose: string, claims: Claims, expiresAt: Date): string {
  const payload = Buffer.from(
    JSON.stringify({ ...claims, exp: Math.floor(expiresAt.getTime() / 1000) }),
  ).toString("base64url");
  const secret = appConfig().sessionSecrets[0]!;
  return `${payload}.${signature(secret, purpose, payload).toString("base64url")}`;
}

/** The claims of a token signed for `purpose` and not expired at `now`; null for anything else. */
export function verifyToken(purpose: string, token: unknown, now: Date): Claims | null {
  if (typeof token !== "string") return null;
  const [payload, signed, ...rest] = token.split(".");
  if (!payload || !signed || rest.length > 0) return null;
  const given = Buffer.from(signed, "base64url");
  const genuine = appConfig().sessionSecrets.some((secret) => {
    const expected = signature(secret, purpose, payload);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!genuine) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (typeof claims !== "object" || claims === null || Array.isArray(claims)) return null;
    const { exp } = claims as { exp?: unknown };
    return typeof exp === "number" && exp * 1000 > now.getTime() ? (claims as Claims) : null;
  } catch {
    return null;
  }
}
