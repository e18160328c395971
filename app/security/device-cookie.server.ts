// Device cookies (OWASP Authentication Cheat Sheet; decision 0020): wrong passwords from a known browser
// count in a bucket of their own, so guesses from elsewhere never lock the owner out of it.

import { createHmac, randomBytes } from "node:crypto";
import { type Cookie, createCookie } from "@remix-run/node";
import { appConfig } from "~/settings/config.server";

export const DEVICE_COOKIE_NAME = "__sakidori_device";
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 60 * 60;
export const MAX_ACCOUNTS_PER_DEVICE = 5;

export interface LoginSource {
  account: string;
  device: string | null;
}

interface KnownAccount {
  a: string;
  d: string;
}

const isKnownAccount = (value: unknown): value is KnownAccount =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as KnownAccount).a === "string" &&
  typeof (value as KnownAccount).d === "string";

function accountKeyWith(secret: string, email: string): string {
  return createHmac("sha256", secret)
    .update(`sakidori login account\0${email.trim().toLowerCase()}`)
    .digest("base64url");
}

// Under every secret, the signing one first: a cookie made before a rotation still matches.
function accountKeys(email: string): string[] {
  return appConfig().sessionSecrets.map((secret) => accountKeyWith(secret, email));
}

let cookie: Cookie | null = null;

function deviceCookie(): Cookie {
  const config = appConfig();
  cookie ??= createCookie(DEVICE_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    path: "/",
    maxAge: DEVICE_COOKIE_SECONDS,
    secrets: config.sessionSecrets,
  });
  return cookie;
}

async function knownAccounts(request: Request): Promise<KnownAccount[]> {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter(isKnownAccount) : [];
}

export async function loginSource(request: Request, email: string): Promise<LoginSource> {
  const keys = accountKeys(email);
  const known = (await knownAccounts(request)).find((entry) => keys.includes(entry.a));
  return { account: keys[0]!, device: known?.d ?? null };
}

// A new id at each login leaves the old bucket behind; the other accounts stay known, newest first.
export async function deviceCookieAfterLogin(request: Request, email: string): Promise<string> {
  const keys = accountKeys(email);
  const others = (await knownAccounts(request)).filter((entry) => !keys.includes(entry.a));
  const entries = [{ a: keys[0]!, d: randomBytes(16).toString("base64url") }, ...others];
  return deviceCookie().serialize(entries.slice(0, MAX_ACCOUNTS_PER_DEVICE));
}
