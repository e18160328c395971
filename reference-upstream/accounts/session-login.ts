// Logging a user in and rotating a session, as django.contrib.auth does: login() replaces any
// session the request carried (cycle_key) and rotates the CSRF token; a password change keeps the
// user logged in on a new session key (update_session_auth_hash) and ends every other session.
// Call these inside the handler's transaction; they only queue the cookies on the context.

import {
  createSession,
  csrfCookie,
  deleteSession,
  deleteSessionsOfUser,
  SESSION_COOKIE,
  sessionCookie,
} from "../auth/sessions";
import type { RequestContext } from "../http/context";
import { isoJst } from "../time";

export function logIn(ctx: RequestContext, userId: number, persistent: boolean): void {
  const previousKey = ctx.cookies[SESSION_COOKIE];
  // Whoever's session it was (even another user's): the browser now belongs to this login.
  if (previousKey) deleteSession(ctx.db, previousKey);
  const session = createSession(ctx.db, userId, persistent, ctx.now);
  ctx.db.prepare("UPDATE users SET last_login = ? WHERE id = ?").run(isoJst(ctx.now), userId);
  ctx.setCookies.push(sessionCookie(session), csrfCookie());
}

/** After a password change: every session of the user ends, the current one continues under a new key. */
export function rotateSessionAfterPasswordChange(ctx: RequestContext, userId: number): void {
  const persistent = ctx.session?.persistent === 1;
  deleteSessionsOfUser(ctx.db, userId);
  const session = createSession(ctx.db, userId, persistent, ctx.now);
  ctx.setCookies.push(sessionCookie(session));
}
