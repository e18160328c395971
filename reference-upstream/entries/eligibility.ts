// §4 "A user may create a new entry only if: … new entries are not stopped; and there is no
// before-contract entry, no inadequate claim and no delay claim." The identity and user-status parts
// of that rule are checked by the app before it shows the entry steps; the upstream enforces the
// parts that protect the operator's data.

import { SUPPRESSION_METHODS, type SuppressionMethod } from "../../app/domain/enumerations";
import { NEW_ENTRY_BLOCKER_MESSAGES, newEntryReasons } from "../../app/domain/new-entry";
import { BEFORE_CONTRACTED_ENTRY_STATUSES, ClaimStatus } from "../../app/domain/statuses";
import type { Db } from "../db/database";
import type { UserRow } from "../users";
import { parseJson } from "../users";

export interface SuppressionSetting {
  method: SuppressionMethod;
  segment: string;
  message: string;
}

export const SUPPRESSION_KEY = "supress_entries";

/** The user reads the same reasons the app's My page gives (app/domain/new-entry.ts). */
export const EligibilityMessage = {
  entriesStopped: NEW_ENTRY_BLOCKER_MESSAGES.newEntriesStopped,
  beforeContractedEntry: NEW_ENTRY_BLOCKER_MESSAGES.beforeContractedEntry,
  inadequateClaim: NEW_ENTRY_BLOCKER_MESSAGES.inadequateClaim,
  delayClaim: NEW_ENTRY_BLOCKER_MESSAGES.delayClaim,
} as const;

/** §3 System suppression setting: method, segment, message. */
export function readSuppression(db: Db): SuppressionSetting {
  const row = db.prepare("SELECT value FROM system_settings WHERE key = ?").get(SUPPRESSION_KEY) as
    { value: string } | undefined;
  const value = parseJson<Partial<SuppressionSetting>>(row?.value ?? null, {});
  const method = (SUPPRESSION_METHODS as readonly string[]).includes(value.method ?? "")
    ? (value.method as SuppressionMethod)
    : "none";
  return { method, segment: String(value.segment ?? ""), message: String(value.message ?? "") };
}

export function writeSuppression(db: Db, setting: SuppressionSetting): void {
  db.prepare(
    "INSERT INTO system_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(SUPPRESSION_KEY, JSON.stringify(setting));
}

/**
 * §4 "Stopping new entries applies when the suppression method is stop-new-entry." A non-empty
 * segment narrows the stop to users of that user_segment.
 */
export function areNewEntriesStopped(setting: SuppressionSetting, user: UserRow): boolean {
  if (setting.method !== "stop-new-entry") return false;
  return setting.segment === "" || setting.segment === user.user_segment;
}

/** The reasons the user may not create a new entry now (empty: they may). */
export function reasonsNotToCreateEntry(db: Db, user: UserRow): string[] {
  const reasons: string[] = [];
  const suppression = readSuppression(db);
  if (areNewEntriesStopped(suppression, user)) {
    reasons.push(...newEntryReasons(["newEntriesStopped"], suppression.message));
  }
  const statuses = BEFORE_CONTRACTED_ENTRY_STATUSES.map(() => "?").join(", ");
  const beforeContracted = db
    .prepare(`SELECT 1 FROM entries WHERE user_id = ? AND status IN (${statuses}) LIMIT 1`)
    .get(user.id, ...BEFORE_CONTRACTED_ENTRY_STATUSES);
  if (beforeContracted) reasons.push(EligibilityMessage.beforeContractedEntry);
  const claimWithStatus = (status: number) =>
    db
      .prepare(
        "SELECT 1 FROM claims JOIN entries ON entries.id = claims.entry_id WHERE entries.user_id = ? AND claims.status = ? LIMIT 1",
      )
      .get(user.id, status) !== undefined;
  if (claimWithStatus(ClaimStatus.inadequate)) reasons.push(EligibilityMessage.inadequateClaim);
  // §4 "Delay claims block entry unless has_entry_permission_when_delayed is set."
  if (user.has_entry_permission_when_delayed !== 1 && claimWithStatus(ClaimStatus.delay)) {
    reasons.push(EligibilityMessage.delayClaim);
  }
  return reasons;
}
