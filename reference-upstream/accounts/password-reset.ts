// Password reset by e-mail, as Django's PasswordResetForm + dj-rest-auth do it: a link carrying the
// user's id in base64url (uid) and a token. Ours is a random token stored only as its SHA-256; it
// expires after 24 hours, works once, and every outstanding token dies when the password changes.

import { formatJapaneseDate } from "../../app/domain/japan-date";
import { newUrlToken, sha256 } from "../auth/tokens";
import type { UpstreamConfig } from "../config";
import type { Db } from "../db/database";
import { sendMail } from "../outbox";
import { addSeconds, isoJst } from "../time";
import type { UserRow } from "../users";
import { appBaseUrlFor, brandOf, serviceOf } from "./brand-links";
import { MailText } from "./messages";

export const RESET_TOKEN_AGE_SECONDS = 24 * 60 * 60;

/** Django's urlsafe_base64_encode(force_bytes(pk)): "1" → "MQ". */
export function encodeUid(userId: number): string {
  return Buffer.from(String(userId), "utf8").toString("base64url");
}

/** The user id a uid names, or null for anything that is not the base64url of a positive integer. */
export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(uid)) return null;
  const text = Buffer.from(uid, "base64url").toString("utf8");
  if (!/^[1-9][0-9]{0,15}$/.test(text) || encodeUid(Number(text)) !== uid) return null;
  return Number(text);
}

/** Stores a token and writes the reset mail. Run in a transaction. */
export function sendPasswordResetMail(
  db: Db,
  config: UpstreamConfig,
  user: Pick<UserRow, "id" | "email" | "service_id">,
  now: Date,
): void {
  const token = newUrlToken();
  db.prepare(
    "INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
  ).run(sha256(token), user.id, isoJst(now), addSeconds(now, RESET_TOKEN_AGE_SECONDS).toISOString());
  const query = new URLSearchParams({ uid: encodeUid(user.id), token });
  const link = `${appBaseUrlFor(config, user.service_id)}/profile/password/reset/reset/new?${query}`;
  const service = serviceOf(config, user.service_id);
  const serviceName = service.service_name;
  sendMail(
    db,
    brandOf(config, user.service_id),
    {
      kind: "password_reset",
      to: user.email,
      subject: MailText.resetSubject(serviceName),
      body: MailText.resetBody(serviceName, link),
      link,
    },
    now,
  );
}

/** True when the token is the user's, unused and unexpired. */
export function isResetTokenValid(db: Db, userId: number, token: string, now: Date): boolean {
  const row = db
    .prepare("SELECT user_id, expires_at, used_at FROM password_reset_tokens WHERE token_hash = ?")
    .get(sha256(token)) as { user_id: number; expires_at: string; used_at: string | null } | undefined;
  return (
    row !== undefined &&
    row.user_id === userId &&
    row.used_at === null &&
    new Date(row.expires_at).getTime() > now.getTime()
  );
}

/** Tells the user their password changed (by reset or by themselves), and what to do if they did not. */
export function sendPasswordChangedMail(
  db: Db,
  config: UpstreamConfig,
  user: Pick<UserRow, "email" | "service_id">,
  now: Date,
): void {
  const service = serviceOf(config, user.service_id);
  const link = `${appBaseUrlFor(config, user.service_id)}/profile/password/reset/recover`;
  const stamp = isoJst(now);
  const changedAt = `${formatJapaneseDate(stamp.slice(0, 10))} ${stamp.slice(11, 16)}`;
  sendMail(
    db,
    brandOf(config, user.service_id),
    {
      kind: "password_changed",
      to: user.email,
      subject: MailText.passwordChangedSubject(service.service_name),
      body: MailText.passwordChangedBody(service.service_name, changedAt, link),
      link,
    },
    now,
  );
}

/** A password changed (by reset or by the user): no token sent before may be used any more. */
export function invalidateResetTokens(db: Db, userId: number, now: Date): void {
  db.prepare("UPDATE password_reset_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL").run(
    isoJst(now),
    userId,
  );
}
