// Password hashing (scrypt, salted) and Django's default password validators, in Japanese.

import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(expected, actual);
}

const COMMON_PASSWORDS_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "data",
  "common-passwords.txt",
);
let commonPasswords: Set<string> | null = null;
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    fs
      .readFileSync(COMMON_PASSWORDS_FILE, "utf8")
      .split("\n")
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return commonPasswords.has(password.trim().toLowerCase());
}

export const PasswordMessage = {
  tooShort: "このパスワードは短すぎます。最低 8 文字以上必要です。",
  entirelyNumeric: "このパスワードは数字しか使われていません。",
  tooCommon: "このパスワードは一般的すぎます。",
  tooSimilar: "このパスワードは メールアドレス と似すぎています。",
  tooLong: "このパスワードは長すぎます。128 文字以下にしてください。",
} as const;

/**
 * Django's validators: MinimumLength(8), NumericPassword, CommonPassword, and a simple form of
 * UserAttributeSimilarity (the password contains, or is contained in, the e-mail's local part).
 * Returns the messages of every rule broken, as Django lists them all.
 */
export function validatePassword(password: string, email = ""): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push(PasswordMessage.tooShort);
  if (password.length > 128) problems.push(PasswordMessage.tooLong);
  if (/^\d+$/.test(password)) problems.push(PasswordMessage.entirelyNumeric);
  if (isCommonPassword(password)) problems.push(PasswordMessage.tooCommon);
  const local = email.split("@")[0]?.toLowerCase() ?? "";
  const lower = password.toLowerCase();
  if (local.length >= 3 && (lower.includes(local) || (lower.length >= 3 && local.includes(lower)))) {
    problems.push(PasswordMessage.tooSimilar);
  }
  return problems;
}
