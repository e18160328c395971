// §7 password calls, shaped like dj-rest-auth's: reset request, reset confirmation, change.

import { hashPassword, verifyPassword } from "../auth/passwords";
import { clearSessionCookie, deleteSessionsOfUser } from "../auth/sessions";
import { inTransaction } from "../db/database";
import type { RequestContext } from "../http/context";
import { validationError } from "../http/errors";
import type { Reply, RouteDefinition } from "../http/router";
import { isoJst } from "../time";
import { findUserByEmail, findUserById } from "../users";
import { asObject, FieldErrors, readEmail, readPassword, readString } from "./fields";
import { assertLoginAllowed, loginDeviceOf, recordLoginFailure } from "./login-throttle";
import { AccountMessage } from "./messages";
import { checkNewPassword } from "./new-password";
import {
  decodeUid,
  invalidateResetTokens,
  isResetTokenValid,
  sendPasswordChangedMail,
  sendPasswordResetMail,
} from "./password-reset";
import { rotateSessionAfterPasswordChange } from "./session-login";

/** The same answer whether or not the address has an account (REFERENCE.md), so nobody can probe. */
async function requestReset(ctx: RequestContext): Promise<Reply> {
  const body = asObject(await ctx.readJson());
  const errors = new FieldErrors();
  const email = readEmail(body, errors, "email");
  errors.throwIfAny();
  inTransaction(ctx.db, () => {
    const user = findUserByEmail(ctx.db, email!);
    // Django's PasswordResetForm mails only active users with a usable password.
    if (user && user.is_active === 1 && user.password_hash !== null) {
      sendPasswordResetMail(ctx.db, ctx.config, user, ctx.now);
    }
  });
  return { status: 200, body: { detail: AccountMessage.passwordResetSent } };
}

const invalid = (field: "uid" | "token") => validationError({ [field]: [AccountMessage.invalidValue] });

async function confirmReset(ctx: RequestContext): Promise<Reply> {
  const body = asObject(await ctx.readJson());
  const errors = new FieldErrors();
  const uid = readString(body, errors, "uid", { required: true, maxLength: 64 });
  const token = readString(body, errors, "token", { required: true, maxLength: 128 });
  const password1 = readPassword(body, errors, "new_password1");
  const password2 = readPassword(body, errors, "new_password2");
  errors.throwIfAny();

  const userId = decodeUid(uid!);
  const user = userId === null ? null : findUserById(ctx.db, userId);
  if (!user || user.is_active !== 1) throw invalid("uid");
  if (!isResetTokenValid(ctx.db, user.id, token!, ctx.now)) throw invalid("token");
  const password = checkNewPassword(errors, password1, password2, user.email);
  errors.throwIfAny();

  const passwordHash = await hashPassword(password!);
  inTransaction(ctx.db, () => {
    // Checked again inside the write lock: the same link submitted twice at once works once.
    if (!isResetTokenValid(ctx.db, user.id, token!, ctx.now)) throw invalid("token");
    ctx.db
      .prepare("UPDATE users SET password_hash = ?, update_time = ? WHERE id = ?")
      .run(passwordHash, isoJst(ctx.now), user.id);
    invalidateResetTokens(ctx.db, user.id, ctx.now);
    sendPasswordChangedMail(ctx.db, ctx.config, user, ctx.now);
    // Whoever held a session with the old password (perhaps the reason for the reset) is logged out.
    deleteSessionsOfUser(ctx.db, user.id);
  });
  if (ctx.session?.user_id === user.id) ctx.setCookies.push(clearSessionCookie());
  return { status: 200, body: { detail: AccountMessage.passwordResetDone } };
}

async function changePassword(ctx: RequestContext): Promise<Reply> {
  const user = ctx.requireUser();
  const body = asObject(await ctx.readJson());
  const errors = new FieldErrors();
  // Django's SetPasswordForm (no old password) for an account without a usable password.
  const oldPassword = user.password_hash !== null ? readPassword(body, errors, "old_password") : undefined;
  const password1 = readPassword(body, errors, "new_password1");
  const password2 = readPassword(body, errors, "new_password2");
  errors.throwIfAny();

  if (oldPassword !== undefined) {
    // Guessing the old password through a borrowed session is guessing the login password (counted
    // in the same count: the account and the browser the app names).
    const attempt = { email: user.email, device: loginDeviceOf(ctx.req.headers) };
    assertLoginAllowed(ctx.db, attempt, ctx.now);
    if (!(await verifyPassword(oldPassword, user.password_hash))) {
      recordLoginFailure(ctx.db, attempt, ctx.now);
      errors.add("old_password", AccountMessage.oldPasswordIncorrect);
    }
  }
  const password = checkNewPassword(errors, password1, password2, user.email);
  errors.throwIfAny();

  const passwordHash = await hashPassword(password!);
  inTransaction(ctx.db, () => {
    ctx.db
      .prepare("UPDATE users SET password_hash = ?, update_time = ? WHERE id = ?")
      .run(passwordHash, isoJst(ctx.now), user.id);
    invalidateResetTokens(ctx.db, user.id, ctx.now);
    sendPasswordChangedMail(ctx.db, ctx.config, user, ctx.now);
    // REFERENCE.md: a password change cycles the session key; other sessions end.
    rotateSessionAfterPasswordChange(ctx, user.id);
  });
  return { status: 200, body: { detail: AccountMessage.passwordChanged } };
}

export const passwordRoutes: RouteDefinition[] = [
  { method: "POST", path: "/api/password/reset/", auth: "optional", handler: requestReset },
  { method: "POST", path: "/api/password/reset/confirm/", auth: "optional", handler: confirmReset },
  { method: "POST", path: "/api/password/change/", handler: changePassword },
];
