// The user, entry or claim a command names, refused when it is missing or in a state the command cannot
// start from.

import type { Db } from "../db/database";
import { type UserRow, findUserById } from "../users";
import { type ClaimRow, type EntryRow, findClaim, findEntry } from "../entries/rows";
import { OperatorStateError } from "./errors";
import { claimStatusName, entryStatusName } from "./printing";

export function requireUser(db: Db, id: number): UserRow {
  const user = findUserById(db, id);
  if (!user) throw new OperatorStateError(`no user ${id} (ユーザー ${id} はありません)`);
  return user;
}

export function requireEntry(db: Db, id: number): EntryRow {
  const entry = findEntry(db, id);
  if (!entry) throw new OperatorStateError(`no entry ${id} (申し込み ${id} はありません)`);
  return entry;
}

export function requireClaim(db: Db, id: number): ClaimRow {
  const claim = findClaim(db, id);
  if (!claim) throw new OperatorStateError(`no claim ${id} (請求書 ${id} はありません)`);
  return claim;
}

export function refuseClaimState(claim: ClaimRow, allowed: readonly number[], action: string): void {
  if (!allowed.includes(claim.status)) {
    throw new OperatorStateError(
      `claim ${claim.id} is ${claimStatusName(claim.status)}; ${action} needs ${allowed.map(claimStatusName).join(" or ")} (この状態では実行できません)`,
    );
  }
}

export function refuseEntryState(entry: EntryRow, allowed: readonly number[], action: string): void {
  if (!allowed.includes(entry.status)) {
    throw new OperatorStateError(
      `entry ${entry.id} is ${entryStatusName(entry.status)}; ${action} needs ${allowed.map(entryStatusName).join(" or ")} (この状態では実行できません)`,
    );
  }
}
