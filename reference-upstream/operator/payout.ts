// Payout (買取代金のお振込): a contracted entry paid out today.

import { ClaimStatus, EntryStatus } from "../../app/domain/statuses";
import { type Db, inTransaction } from "../db/database";
import { isoJst } from "../time";
import { entryStatusName } from "./printing";
import { refuseEntryState, requireEntry } from "./refusals";

export function markEntryTransferred(db: Db, entryId: number, now: Date): string {
  return inTransaction(db, () => {
    const entry = requireEntry(db, entryId);
    refuseEntryState(entry, [EntryStatus.contracted], "mark-transferred");
    const at = isoJst(now);
    db.prepare("UPDATE entries SET status = ?, transferred_at = ?, updated_at = ? WHERE id = ?").run(
      EntryStatus.transferred,
      at,
      at,
      entry.id,
    );
    db.prepare("UPDATE claims SET status = ?, updated_at = ? WHERE entry_id = ? AND status = ?").run(
      ClaimStatus.transferred,
      at,
      entry.id,
      ClaimStatus.contracted,
    );
    return `entry ${entry.id} (${entry.code}) → ${entryStatusName(EntryStatus.transferred)}`;
  });
}
