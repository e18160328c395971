// A brake on password guessing: more than MAX_FAILURES failed logins for one e-mail address within
// WINDOW_MS and the next attempt answers 429 with DRF's throttled detail and Retry-After.
//
// Counted per account AND the browser the app names in X-Login-Device (one it knows for the account
// from its device cookie; absent for a new one): a stranger's guesses fill only the account's count
// for new browsers, never the owner's own browser's, so this brake cannot lock the owner out behind
// the app's back (docs/upstream-api/accounts.md; the app's decision 0020). The header is trusted as
// the app sends it: only the app talks to the upstream.
//
// Kept in memory, per process and per database (a WeakMap keyed by the Db, so two upstreams in one
// test process never share counts): a restart forgets the failures. That is acceptable for a reference
// upstream that runs as one process; a deployment with several processes would keep this in a store.

import type { Db } from "../db/database";
import { ApiError, DrfMessage } from "../http/errors";

export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;
/** Bounds memory when someone sprays many addresses: the oldest keys go first. */
const MAX_TRACKED_ADDRESSES = 10_000;

type FailureLog = Map<string, number[]>;

const logs = new WeakMap<Db, FailureLog>();

function logFor(db: Db): FailureLog {
  let log = logs.get(db);
  if (!log) {
    log = new Map();
    logs.set(db, log);
  }
  return log;
}

/** The header the app names a known browser in (app/upstream/auth.server.ts). */
export const LOGIN_DEVICE_HEADER = "x-login-device";

/** Who tries: the account, and the browser when the app knows it for that account. */
export interface LoginTry {
  email: string;
  device: string | null;
}

/** The browser the app names for this request, if any (one header, a sane length). */
export function loginDeviceOf(headers: Record<string, string | string[] | undefined>): string | null {
  const value = headers[LOGIN_DEVICE_HEADER];
  return typeof value === "string" && value.length > 0 && value.length <= 100 ? value : null;
}

const keyOf = ({ email, device }: LoginTry) => `${email.trim().toLowerCase()}\0${device ?? ""}`;

function recentFailures(log: FailureLog, key: string, nowMs: number): number[] {
  const kept = (log.get(key) ?? []).filter((at) => nowMs - at < WINDOW_MS);
  if (kept.length) log.set(key, kept);
  else log.delete(key);
  return kept;
}

/** Throws 429 when the account, from this browser, has already failed MAX_FAILURES times within the window. */
export function assertLoginAllowed(db: Db, attempt: LoginTry, now: Date): void {
  const failures = recentFailures(logFor(db), keyOf(attempt), now.getTime());
  if (failures.length < MAX_FAILURES) return;
  const oldest = failures[failures.length - MAX_FAILURES]!;
  const seconds = Math.max(1, Math.ceil((oldest + WINDOW_MS - now.getTime()) / 1000));
  throw new ApiError(429, { detail: DrfMessage.throttled(seconds) }, { "Retry-After": String(seconds) });
}

export function recordLoginFailure(db: Db, attempt: LoginTry, now: Date): void {
  const log = logFor(db);
  const key = keyOf(attempt);
  const failures = recentFailures(log, key, now.getTime());
  failures.push(now.getTime());
  log.delete(key);
  log.set(key, failures);
  while (log.size > MAX_TRACKED_ADDRESSES) {
    const oldestKey = log.keys().next().value as string;
    log.delete(oldestKey);
  }
}

export function clearLoginFailures(db: Db, attempt: LoginTry): void {
  logFor(db).delete(keyOf(attempt));
}
