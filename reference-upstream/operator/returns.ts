// Returns (ご返金): a claim late past its deadline or paid back, and whether a user with a late return
// may apply again.

import { formatJapaneseDate } from "../../app/domain/japan-date";
import { ClaimStatus } from "../../app/domain/statuses";
import { type Db, inTransaction } from "../db/database";
import { dateJst, isoJst } from "../time";
import { type ClaimRow, claimsOfEntry } from "../entries/rows";
import { OperatorStateError } from "./errors";
import { claimStatusName } from "./printing";
import { refuseClaimState, requireClaim, requireEntry, requireUser } from "./refusals";

/** Whole days from one ISO date to another (negative when `to` is earlier). */
function daysFromTo(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The claim's deadline as stored at contract: return_date (the debtor's payment date before it was set). */
const deadlineOf = (claim: ClaimRow): string | null => claim.return_date ?? claim.obliger_payment_date;

export function markClaimDelay(db: Db, claimId: number, now: Date): string {
  return inTransaction(db, () => {
    const claim = requireClaim(db, claimId);
    refuseClaimState(claim, [ClaimStatus.transferred], "mark-delay");
    // A return is late only once its whole deadline day (in Japan) has passed: the owner may pay on it.
    const deadline = deadlineOf(claim);
    const today = dateJst(now);
    if (deadline !== null && today <= deadline) {
      const days = daysFromTo(today, deadline);
      throw new OperatorStateError(
        days === 0
          ? `claim ${claim.id} is due today, ${deadline}; mark-delay only after the deadline has passed (本日が返金期日 ${formatJapaneseDate(deadline)} です。期日を過ぎてから実行してください)`
          : `claim ${claim.id} is due ${deadline}, in ${days} days; mark-delay only after the deadline has passed (返金期日 ${formatJapaneseDate(deadline)} まで、あと${days}日です。期日を過ぎてから実行してください)`,
      );
    }
    db.prepare("UPDATE claims SET status = ?, updated_at = ? WHERE id = ?").run(
      ClaimStatus.delay,
      isoJst(now),
      claim.id,
    );
    return `claim ${claim.id} (${claim.code}) → ${claimStatusName(ClaimStatus.delay)}`;
  });
}

/**
 * A returned claim has been paid back in full. When no claim of the entry is still out (contracted,
 * transferred or delayed), the entry's transaction is complete.
 */
export function markClaimReturned(db: Db, claimId: number, receivedOn: string | null, now: Date): string {
  return inTransaction(db, () => {
    const claim = requireClaim(db, claimId);
    refuseClaimState(claim, [ClaimStatus.transferred, ClaimStatus.delay], "mark-returned");
    const at = isoJst(now);
    const today = dateJst(now);
    if (receivedOn !== null && receivedOn > today) {
      throw new OperatorStateError(
        `--date ${receivedOn} is in the future (today is ${today}); record a return on the day it came (未来の日付は指定できません)`,
      );
    }
    const paidOut = requireEntry(db, claim.entry_id).transferred_at?.slice(0, 10) ?? null;
    if (receivedOn !== null && paidOut !== null && receivedOn < paidOut) {
      throw new OperatorStateError(
        `--date ${receivedOn} is before the payout on ${paidOut} (買取代金のお振込日 ${formatJapaneseDate(paidOut)} より前の日付は指定できません)`,
      );
    }
    // returned_at is the day the money came; return_date stays the deadline agreed at contract.
    const receivedAt = receivedOn === null || receivedOn === today ? at : `${receivedOn}T00:00:00+09:00`;
    db.prepare("UPDATE claims SET status = ?, returned_at = ?, updated_at = ? WHERE id = ?").run(
      ClaimStatus.returned,
      receivedAt,
      at,
      claim.id,
    );
    const outstanding = claimsOfEntry(db, claim.entry_id).some((other) =>
      [ClaimStatus.contracted, ClaimStatus.transferred, ClaimStatus.delay].includes(
        other.status as 4 | 5 | 7,
      ),
    );
    let note = "";
    if (!outstanding) {
      db.prepare("UPDATE entries SET transaction_completed_at = ?, updated_at = ? WHERE id = ?").run(
        at,
        at,
        claim.entry_id,
      );
      note = `; entry ${claim.entry_id} transaction completed`;
    }
    return `claim ${claim.id} (${claim.code}) → ${claimStatusName(ClaimStatus.returned)}${note}`;
  });
}

export function setEntryPermission(db: Db, userId: number, allowed: boolean, now: Date): string {
  return inTransaction(db, () => {
    const user = requireUser(db, userId);
    db.prepare("UPDATE users SET has_entry_permission_when_delayed = ?, update_time = ? WHERE id = ?").run(
      allowed ? 1 : 0,
      isoJst(now),
      user.id,
    );
    return `user ${user.id} (${user.email}) has_entry_permission_when_delayed → ${allowed}`;
  });
}
