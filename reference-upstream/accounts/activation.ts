// E-mail activation (contract addition): a one-time key mailed at registration, stored only as its
// SHA-256, valid for 7 days; a resend invalidates the keys sent before.

import { newUrlToken, sha256 } from "../auth/tokens";
import type { UpstreamConfig } from "../config";
import type { Db } from "../db/database";
import { sendMail } from "../outbox";
import { addSeconds, isoJst } from "../time";
import type { UserRow } from "../users";
import { appBaseUrlFor, brandOf, serviceOf } from "./brand-links";
import { MailText } from "./messages";

export const ACTIVATION_KEY_AGE_SECONDS = 7 * 24 * 60 * 60;

interface VerificationRow {
  key_hash: string;
  user_id: number;
  email: string;
  expires_at: string;
  used_at: string | null;
}

/** Invalidates unused keys of the user, stores a new one and writes the mail. Run in a transaction. */
export function sendActivationMail(
  db: Db,
  config: UpstreamConfig,
  user: Pick<UserRow, "id" | "email" | "service_id">,
  now: Date,
): void {
  db.prepare("DELETE FROM email_verifications WHERE user_id = ? AND used_at IS NULL").run(user.id);
  const key = newUrlToken();
  db.prepare(
    "INSERT INTO email_verifications (key_hash, user_id, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
  ).run(
    sha256(key),
    user.id,
    user.email,
    isoJst(now),
    addSeconds(now, ACTIVATION_KEY_AGE_SECONDS).toISOString(),
  );
  const link = `${appBaseUrlFor(config, user.service_id)}/company/mail/verify?key=${encodeURIComponent(key)}`;
  const service = serviceOf(config, user.service_id);
  const serviceName = service.service_name;
  sendMail(
    db,
    brandOf(config, user.service_id),
    {
      kind: "activation",
      to: user.email,
      subject: MailText.activationSubject(serviceName),
      body: MailText.activationBody(serviceName, link),
      link,
    },
    now,
  );
}

/**
 * Uses a key: marks it used and the user's address verified. Returns the verified address, or null
 * for an unknown, used or expired key, or one sent to an address the account no longer has.
 * Run in a transaction, so two simultaneous uses cannot both succeed.
 */
export function useActivationKey(db: Db, key: string, now: Date): string | null {
  const row = db.prepare("SELECT * FROM email_verifications WHERE key_hash = ?").get(sha256(key)) as
    VerificationRow | undefined;
  if (!row || row.used_at !== null) return null;
  if (new Date(row.expires_at).getTime() <= now.getTime()) return null;
  const user = db.prepare("SELECT email, is_active FROM users WHERE id = ?").get(row.user_id) as
    { email: string; is_active: number } | undefined;
  if (!user || user.is_active !== 1 || user.email.toLowerCase() !== row.email.toLowerCase()) return null;
  const stamp = isoJst(now);
  db.prepare("UPDATE email_verifications SET used_at = ? WHERE key_hash = ?").run(stamp, row.key_hash);
  db.prepare(
    "UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?), update_time = ? WHERE id = ?",
  ).run(stamp, stamp, row.user_id);
  return user.email;
}
