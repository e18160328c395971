// Device cookies, as OWASP's Authentication Cheat Sheet describes them ("slow down online guessing
// attacks with device cookies"; decision 0020): a browser in which an account logged in carries a
// signed, long-lived cookie naming that account (a keyed hash of the e-mail, never the e-mail) and a
// random id of the browser. The login limits count its wrong passwords in a bucket of its own, so
// guesses sent from anywhere else never keep the owner out of their usual browser.

import { createHmac, randomBytes } from "node:crypto";
import { type Cookie, createCookie } from "@remix-run/node";
import { appConfig } from "~/request/config.server";

export const DEVICE_COOKIE_NAME = "__sakidori_device";
/** A year, renewed at every login: the owner's usual browser stays known. */
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 60 * 60;
/** Accounts one browser is known for (an office computer, an accountant logging in for several clients). */
export const MAX_ACCOUNTS_PER_DEVICE = 5;

/** Who tries to log in, as the login limits count it. */
export interface LoginSource {
  /** The account: a keyed hash of its e-mail address. */
  account: string;
  /** This browser's id when it carries a valid device cookie for that account; null for a new browser. */
  device: string | null;
}

/** One account the browser is known for: its key and the browser's id for it. */
interface KnownAccount {
  a: string;
  d: string;
}

const isKnownAccount = (value: unknown): value is KnownAccount =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as KnownAccount).a === "string" &&
  typeof (value as KnownAccount).d === "string";

/** The account's key under one secret: HMAC-SHA256 of the e-mail as the upstream matches it. */
function accountKeyWith(secret: string, email: string): string {
  return createHmac("sha256", secret)
    .update(`sakidori login account\0${email.trim().toLowerCase()}`)
    .digest("base64url");
}

/** Its keys under every secret, the signing one first (a cookie made before a rotation still matches). */
function accountKeys(email: string): string[] {
  return appConfig().sessionSecrets.map((secret) => accountKeyWith(secret, email));
}

let cookie: Cookie | null = null;

function deviceCookie(): Cookie {
  const config = appConfig();
  // Signed with the session's secrets (the first signs, all verify), so it cannot be forged or edited.
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

/** The accounts a request's device cookie names; none when it is absent, forged or malformed. */
async function knownAccounts(request: Request): Promise<KnownAccount[]> {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter(isKnownAccount) : [];
}

/** The account tried, and this browser if it is known for that account. */
export async function loginSource(request: Request, email: string): Promise<LoginSource> {
  const keys = accountKeys(email);
  const known = (await knownAccounts(request)).find((entry) => keys.includes(entry.a));
  return { account: keys[0]!, device: known?.d ?? null };
}

/**
 * The Set-Cookie of a successful login: this browser is known for the account, under a new id (its
 * old bucket is left behind), and stays known for the other accounts it was, newest first.
 */
export async function deviceCookieAfterLogin(request: Request, email: string): Promise<string> {
  const keys = accountKeys(email);
  const others = (await knownAccounts(request)).filter((entry) => !keys.includes(entry.a));
  const entries = [{ a: keys[0]!, d: randomBytes(16).toString("base64url") }, ...others];
  return deviceCookie().serialize(entries.slice(0, MAX_ACCOUNTS_PER_DEVICE));
}
