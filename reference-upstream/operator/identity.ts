// Identity and logins (本人確認・ログイン): the users, their identity confirmed, expired or inadequate,
// and their logins ended.

import { ReviewStatus } from "../../app/domain/statuses";
import { type Db, inTransaction } from "../db/database";
import { dateJst, isoJst } from "../time";
import type { UserRow } from "../users";
import { reviewStatusName, table } from "./printing";
import { requireUser } from "./refusals";

export function listUsers(db: Db): string {
  const users = db.prepare("SELECT * FROM users ORDER BY id").all() as UserRow[];
  if (users.length === 0) return "no users (ユーザーはいません)";
  return table(
    ["id", "email", "division", "identity", "valid_date", "segment", "delayed_entry"],
    users.map((user) => [
      user.id,
      user.email,
      user.corporate_division,
      reviewStatusName(user.identity_confirmation),
      user.identity_valid_date,
      user.user_segment,
      user.has_entry_permission_when_delayed === 1 ? "allowed" : "blocked",
    ]),
  );
}

function addYears(date: string, years: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year + years, month - 1, day));
  // 29 February plus a year is 28 February, not 1 March.
  if (shifted.getUTCMonth() !== month - 1) shifted.setUTCDate(0);
  return shifted.toISOString().slice(0, 10);
}

function updateIdentity(
  db: Db,
  userId: number,
  status: number,
  validDate: string | null | undefined,
  now: Date,
) {
  return inTransaction(db, () => {
    const user = requireUser(db, userId);
    const date = validDate === undefined ? user.identity_valid_date : validDate;
    db.prepare(
      "UPDATE users SET identity_confirmation = ?, identity_valid_date = ?, update_time = ? WHERE id = ?",
    ).run(status, date, isoJst(now), user.id);
    return `user ${user.id} (${user.email}) identity → ${reviewStatusName(status)}, valid date ${date ?? "-"}`;
  });
}

/** Identity confirmed (§4 3), valid until the given date or for one year from today (Japan time). */
export function confirmIdentity(db: Db, userId: number, validUntil: string | null, now: Date): string {
  return updateIdentity(db, userId, ReviewStatus.confirmed, validUntil ?? addYears(dateJst(now), 1), now);
}

/** §4 "Identity is expired when its valid date is before the start of today": valid until yesterday. */
export function expireIdentity(db: Db, userId: number, now: Date): string {
  const yesterday = dateJst(new Date(now.getTime() - 24 * 60 * 60 * 1000));
  return updateIdentity(db, userId, ReviewStatus.expired, yesterday, now);
}

export function markIdentityInadequate(db: Db, userId: number, now: Date): string {
  return updateIdentity(db, userId, ReviewStatus.inadequate, undefined, now);
}

/** The user's sessions reach their end now: the next call with one is anonymous, as after 14 days. */
export function expireSessions(db: Db, userId: number, now: Date): string {
  return inTransaction(db, () => {
    const user = requireUser(db, userId);
    const { changes } = db
      .prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ? AND expires_at > ?")
      .run(now.toISOString(), user.id, now.toISOString());
    return `user ${user.id} (${user.email}): ${changes} session(s) expired`;
  });
}
