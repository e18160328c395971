// Server-side sessions in the way Django keeps them: a random key in the sessionid cookie, the row
// in the database, 14 days (SESSION_COOKIE_AGE) server-side whatever the cookie's lifetime.

import type { Db } from "../db/database";
import { expiredCookie, serializeCookie } from "../http/cookies";
import { addSeconds, isoJst } from "../time";
import { newCsrfToken, newSessionKey } from "./tokens";

export const SESSION_COOKIE = "sessionid";
export const CSRF_COOKIE = "csrftoken";
export const SESSION_COOKIE_AGE = 14 * 24 * 60 * 60;
/** Django's CSRF_COOKIE_AGE: 52 weeks. */
export const CSRF_COOKIE_AGE = 31_449_600;

export interface SessionRow {
  session_key: string;
  user_id: number;
  persistent: number;
  created_at: string;
  expires_at: string;
}

export function createSession(db: Db, userId: number, persistent: boolean, now: Date): SessionRow {
  const row: SessionRow = {
    session_key: newSessionKey(),
    user_id: userId,
    persistent: persistent ? 1 : 0,
    created_at: isoJst(now),
    expires_at: addSeconds(now, SESSION_COOKIE_AGE).toISOString(),
  };
  db.prepare(
    "INSERT INTO sessions (session_key, user_id, persistent, created_at, expires_at) VALUES (@session_key, @user_id, @persistent, @created_at, @expires_at)",
  ).run(row);
  return row;
}

/** The live session for a key, or null for an unknown or expired one. */
export function findSession(db: Db, key: string | undefined, now: Date): SessionRow | null {
  if (!key || !/^[a-z0-9]{32}$/.test(key)) return null;
  const row = db.prepare("SELECT * FROM sessions WHERE session_key = ?").get(key) as SessionRow | undefined;
  if (!row) return null;
  if (new Date(row.expires_at).getTime() <= now.getTime()) {
    db.prepare("DELETE FROM sessions WHERE session_key = ?").run(key);
    return null;
  }
  return row;
}

export function deleteSession(db: Db, key: string): void {
  db.prepare("DELETE FROM sessions WHERE session_key = ?").run(key);
}

export function deleteSessionsOfUser(db: Db, userId: number): void {
  db.prepare("DELETE FROM sessions WHERE user_id = ?").run(userId);
}

/** persistLoginState false gives a browser-session cookie; true one that lasts 14 days (§7). */
export function sessionCookie(session: SessionRow): string {
  return serializeCookie(SESSION_COOKIE, session.session_key, {
    httpOnly: true,
    sameSite: "Lax",
    maxAge: session.persistent ? SESSION_COOKIE_AGE : undefined,
  });
}

export function csrfCookie(token: string = newCsrfToken()): string {
  return serializeCookie(CSRF_COOKIE, token, { sameSite: "Lax", maxAge: CSRF_COOKIE_AGE });
}

export const clearSessionCookie = () => expiredCookie(SESSION_COOKIE);
