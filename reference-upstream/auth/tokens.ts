// Random keys and their hashes: stored secrets are hashed, so a copied database reveals no live token.

import { createHash, randomBytes, randomInt } from "node:crypto";

const LOWER_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + LOWER_ALNUM;

export function randomString(length: number, alphabet: string): string {
  let out = "";
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** Django's session key: 32 characters of [a-z0-9]. */
export const newSessionKey = () => randomString(32, LOWER_ALNUM);
/** Django's CSRF cookie: 64 characters of [a-zA-Z0-9]. */
export const newCsrfToken = () => randomString(64, ALNUM);
/** A URL-safe one-time token for e-mailed links. */
export const newUrlToken = () => randomBytes(32).toString("base64url");

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
