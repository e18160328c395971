// §4 statuses in Japanese, one table per kind. Where money moves the words say who paid: お振込 / ご返金.

import { IDENTITY_SIDES, type IdentitySide } from "./file-kinds";
import { ClaimStatus, EntryStatus, ReviewStatus } from "./statuses";
import { type CurrentUser, isIdentityExpired } from "./user";

export const UNKNOWN_STATUS_LABEL = "不明";

/** A cancel is the owner's; a decline (お見送り) the operator's decision not to buy: never one word for both. */
export const CANCELLED_LABEL = "キャンセル済み";
export const DECLINED_LABEL = "お見送り";

export const ENTRY_STATUS_LABELS: Readonly<Record<number, string>> = {
  [EntryStatus.under_review]: "審査中",
  [EntryStatus.inadequate]: "不備あり",
  [EntryStatus.reviewed]: "審査完了",
  [EntryStatus.contracted]: "契約済み",
  [EntryStatus.transferred]: "買取代金お振込済み",
  [EntryStatus.archived]: "終了",
};

export const CLAIM_STATUS_LABELS: Readonly<Record<number, string>> = {
  [ClaimStatus.under_review]: "審査中",
  [ClaimStatus.inadequate]: "不備あり",
  [ClaimStatus.can_buy]: "買取可",
  [ClaimStatus.contracted]: "契約済み",
  [ClaimStatus.transferred]: "買取代金お振込済み",
  [ClaimStatus.returned]: "ご返金確認済み",
  [ClaimStatus.delay]: "ご返金遅延",
  [ClaimStatus.cannot_buy]: DECLINED_LABEL,
  [ClaimStatus.cancel]: CANCELLED_LABEL,
};

/** Profile identity: nothing is 未提出. A submitted entry's documents read entryDocumentStatusLabel. */
export const REVIEW_STATUS_LABELS: Readonly<Record<number, string>> = {
  [ReviewStatus.confirming]: "確認中",
  [ReviewStatus.inadequate]: "不備あり",
  [ReviewStatus.confirmed]: "確認済み",
  [ReviewStatus.nothing]: "未提出",
  [ReviewStatus.expired]: "期限切れ",
};

function labelOf(table: Readonly<Record<number, string>>, status: number | null | undefined): string {
  return (typeof status === "number" && table[status]) || UNKNOWN_STATUS_LABEL;
}

export type StatusTone = "neutral" | "attention" | "done";

/** What an entry's state is read from: its §4 status, whether every return was received, who ended it. */
export interface EntryStatusInput {
  status: number | null | undefined;
  transaction_completed_at?: string | null;
  /** Set by the owner's cancel (§4 "Entry transitions by call: … cancel"). */
  cancelled_at?: string | null;
  /** Set when the review left no claim to buy: the operator's decision. */
  rejected_at?: string | null;
}

/** Every bought claim's return received: the upstream sets transaction_completed_at, whatever status stays. */
export const ENTRY_COMPLETED_LABEL = "完了（ご返金確認済み）";

export function isTransactionCompleted(entry: EntryStatusInput): boolean {
  return Boolean(entry.transaction_completed_at);
}

/** Who ended an archived entry that did not complete: the owner (cancelled) or the operator (declined). */
function endingOf(entry: EntryStatusInput): "cancelled" | "declined" | null {
  if (entry.status !== EntryStatus.archived || isTransactionCompleted(entry)) return null;
  if (entry.cancelled_at) return "cancelled";
  if (entry.rejected_at) return "declined";
  return null;
}

export function entryStatusTone(entry: EntryStatusInput): StatusTone {
  if (entry.status === EntryStatus.inadequate) return "attention";
  if (isTransactionCompleted(entry)) return "done";
  // Cancelled or declined is an end, not an achievement.
  if (endingOf(entry)) return "neutral";
  if (entry.status === EntryStatus.transferred || entry.status === EntryStatus.archived) return "done";
  return "neutral";
}

export function entryStatusLabel(entry: EntryStatusInput): string {
  if (isTransactionCompleted(entry)) return ENTRY_COMPLETED_LABEL;
  const ending = endingOf(entry);
  if (ending) return ending === "cancelled" ? CANCELLED_LABEL : DECLINED_LABEL;
  return labelOf(ENTRY_STATUS_LABELS, entry.status);
}

/** A claim's §4 status, and when it was cancelled (the operator's cancel-claim or the owner's cancel). */
export interface ClaimStatusInput {
  status: number | null | undefined;
  cancelled_at?: string | null;
}

/**
 * The owner's cancel of an entry cancels its claims still open, at the moment the entry is cancelled;
 * a claim cancelled otherwise (in an entry not cancelled, or before it was) the operator cancelled:
 * not bought, お見送り, as the operator's mail says (買取を見送らせていただく).
 */
export function isCancelledByOwner(
  claim: ClaimStatusInput,
  entry: Pick<EntryStatusInput, "cancelled_at">,
): boolean {
  if (claim.status !== ClaimStatus.cancel || !entry.cancelled_at) return false;
  if (!claim.cancelled_at) return true;
  return Date.parse(claim.cancelled_at) >= Date.parse(entry.cancelled_at);
}

export function claimStatusLabel(
  claim: ClaimStatusInput,
  entry: Pick<EntryStatusInput, "cancelled_at">,
): string {
  if (claim.status === ClaimStatus.cancel && !isCancelledByOwner(claim, entry)) return DECLINED_LABEL;
  return labelOf(CLAIM_STATUS_LABELS, claim.status);
}

export function reviewStatusLabel(status: number | null | undefined): string {
  return labelOf(REVIEW_STATUS_LABELS, status);
}

export const DOCUMENT_RECEIVED_LABEL = "受付済み";
export const DOCUMENT_NOT_IN_ENTRY_LABEL = "提出なし";

/** §4 "Confirmation statuses … start as nothing": for documents sent with the entry that reads 受付済み. */
export function entryDocumentStatusLabel(status: number | null | undefined, hasFiles: boolean): string {
  if (status === ReviewStatus.nothing || status === null || status === undefined) {
    return hasFiles ? DOCUMENT_RECEIVED_LABEL : DOCUMENT_NOT_IN_ENTRY_LABEL;
  }
  return reviewStatusLabel(status);
}

const IDENTITY_SIDE_WORDS: Record<IdentitySide, string> = { front: "表面", back: "裏面" };

/** Identity files uploaded while none was ever submitted: they wait for the page's button. */
export function identityAwaitsSubmission(user: CurrentUser, uploadedSides: Iterable<IdentitySide>): boolean {
  const status = user.identity_confirmation ?? ReviewStatus.nothing;
  return status === ReviewStatus.nothing && [...uploadedSides].length > 0;
}

/**
 * §4 "Identity is expired when its valid date is before the start of today", even when confirmed.
 * Files uploaded and not yet submitted are named by side: never 「未提出」 beside a file the page shows.
 */
export function identityStatusLabel(
  user: CurrentUser,
  now: Date,
  uploadedSides: Iterable<IdentitySide> = [],
): string {
  if (isIdentityExpired(user, now)) return REVIEW_STATUS_LABELS[ReviewStatus.expired]!;
  const sides = new Set(uploadedSides);
  if (identityAwaitsSubmission(user, sides)) {
    const named = IDENTITY_SIDES.filter((side) => sides.has(side)).map((side) => IDENTITY_SIDE_WORDS[side]);
    return `${named.join("・")}をアップロード済み（提出前）`;
  }
  return reviewStatusLabel(user.identity_confirmation ?? ReviewStatus.nothing);
}
