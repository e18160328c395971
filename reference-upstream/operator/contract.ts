// Contract (契約): a reviewed entry contracted as the owner's own contract would be, or a claim cancelled
// before its payout.

import { ClaimStatus, EntryStatus } from "../../app/domain/statuses";
import { type Db, inTransaction } from "../db/database";
import { isoJst } from "../time";
import { findUserById } from "../users";
import { claimsOfEntry } from "../entries/rows";
import { contractTermRefusal, deriveEntryStatus, markContracted } from "../entries/transitions";
import { OperatorStateError } from "./errors";
import { claimStatusName, entryStatusName } from "./printing";
import { refuseClaimState, refuseEntryState, requireClaim, requireEntry } from "./refusals";

export function markEntryContracted(db: Db, entryId: number, now: Date): string {
  return inTransaction(db, () => {
    const entry = requireEntry(db, entryId);
    refuseEntryState(entry, [EntryStatus.reviewed], "mark-contracted");
    if (!claimsOfEntry(db, entry.id).some((claim) => claim.status === ClaimStatus.can_buy)) {
      throw new OperatorStateError(`entry ${entry.id} has no can_buy claim (買取可能な請求書がありません)`);
    }
    // The owner's call would be refused the same: never a term the owner cannot keep.
    const owner = findUserById(db, entry.user_id);
    const refusal = owner && contractTermRefusal(entry, claimsOfEntry(db, entry.id), owner, now);
    if (refusal) throw new OperatorStateError(`entry ${entry.id} cannot be contracted: ${refusal}`);
    markContracted(db, entry.id, now);
    return `entry ${entry.id} (${entry.code}) → ${entryStatusName(EntryStatus.contracted)}`;
  });
}

export function cancelClaim(db: Db, claimId: number, now: Date): string {
  return inTransaction(db, () => {
    const claim = requireClaim(db, claimId);
    refuseClaimState(
      claim,
      [ClaimStatus.under_review, ClaimStatus.inadequate, ClaimStatus.can_buy, ClaimStatus.contracted],
      "cancel-claim",
    );
    const at = isoJst(now);
    db.prepare("UPDATE claims SET status = ?, cancelled_at = ?, updated_at = ? WHERE id = ?").run(
      ClaimStatus.cancel,
      at,
      at,
      claim.id,
    );
    const status = deriveEntryStatus(db, claim.entry_id, now);
    return `claim ${claim.id} (${claim.code}) → ${claimStatusName(ClaimStatus.cancel)}; entry ${claim.entry_id} is ${entryStatusName(status)}`;
  });
}
