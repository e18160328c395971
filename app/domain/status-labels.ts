// The statuses of §4 as a person reads them, in Japanese: the one table of words. One table per kind of
// status, keyed by the numbers the upstream sends, so every screen (My page, entry detail, the
// operator's mails) says the same word for the same state. Where money moves the words say who paid
// whom: the provider's payment to the user is お振込, the user's payment back is ご返金.

import { ClaimStatus, EntryStatus, ReviewStatus } from "./statuses";
import { type CurrentUser, isIdentityExpired } from "./user";

/** What a status the table does not know reads as (a newer upstream may add one). */
export const UNKNOWN_STATUS_LABEL = "不明";

/** §4 Entry status: under_review 1, inadequate 2, reviewed 3, contracted 4, transferred 5, archived 6. */
export const ENTRY_STATUS_LABELS: Readonly<Record<number, string>> = {
  [EntryStatus.under_review]: "審査中",
  [EntryStatus.inadequate]: "不備あり",
  [EntryStatus.reviewed]: "審査完了",
  [EntryStatus.contracted]: "契約済み",
  [EntryStatus.transferred]: "買取代金お振込済み",
  [EntryStatus.archived]: "終了",
};

/**
 * §4 Claim status: under_review 1, inadequate 2, can_buy 3, contracted 4, transferred 5, returned 6,
 * delay 7, cannot_buy 8, cancel 9.
 */
export const CLAIM_STATUS_LABELS: Readonly<Record<number, string>> = {
  [ClaimStatus.under_review]: "審査中",
  [ClaimStatus.inadequate]: "不備あり",
  [ClaimStatus.can_buy]: "買取可",
  [ClaimStatus.contracted]: "契約済み",
  [ClaimStatus.transferred]: "買取代金お振込済み",
  [ClaimStatus.returned]: "ご返金確認済み",
  [ClaimStatus.delay]: "ご返金遅延",
  [ClaimStatus.cannot_buy]: "買取不可",
  [ClaimStatus.cancel]: "キャンセル",
};

/**
 * §4 Identity or document review status: 1 confirming, 2 inadequate, 3 confirmed, 4 nothing, 5 expired,
 * for what the user keeps on the profile (identity), where nothing is 未提出. A submitted entry's
 * documents read entryDocumentStatusLabel.
 */
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

/** How a status badge reads: it needs the user (attention), it is over (done), or it is under way. */
export type StatusTone = "neutral" | "attention" | "done";

/** §4 entry status → its badge's tone: inadequate needs the user; transferred and archived are over. */
export function entryStatusTone(status: number): StatusTone {
  if (status === EntryStatus.inadequate) return "attention";
  if (status === EntryStatus.transferred || status === EntryStatus.archived) return "done";
  return "neutral";
}

export function entryStatusLabel(status: number | null | undefined): string {
  return labelOf(ENTRY_STATUS_LABELS, status);
}

export function claimStatusLabel(status: number | null | undefined): string {
  return labelOf(CLAIM_STATUS_LABELS, status);
}

export function reviewStatusLabel(status: number | null | undefined): string {
  return labelOf(REVIEW_STATUS_LABELS, status);
}

/** A submitted entry's document group whose files are in but whose review is not recorded yet. */
export const DOCUMENT_RECEIVED_LABEL = "受付済み";
/** A submitted entry's document group with no file of its own (the step was met by documents on file). */
export const DOCUMENT_NOT_IN_ENTRY_LABEL = "提出なし";

/**
 * A submitted entry's document group (financial statements, withdrawals detail, a claim's invoice or
 * additional documents). §4 "Confirmation statuses … start as nothing": for documents that were sent
 * with the entry, nothing means not reviewed yet, so it reads 受付済み, never 未提出.
 */
export function entryDocumentStatusLabel(status: number | null | undefined, hasFiles: boolean): string {
  if (status === ReviewStatus.nothing || status === null || status === undefined) {
    return hasFiles ? DOCUMENT_RECEIVED_LABEL : DOCUMENT_NOT_IN_ENTRY_LABEL;
  }
  return reviewStatusLabel(status);
}

/**
 * The identity's label as the user should read it today: §4 "Identity is expired when its valid date
 * is before the start of today", so a confirmed identity past its date reads 期限切れ too. No status
 * at all is 未提出 (§4 "Confirmation statuses … start as nothing").
 */
export function identityStatusLabel(user: CurrentUser, now: Date): string {
  if (isIdentityExpired(user, now)) return REVIEW_STATUS_LABELS[ReviewStatus.expired]!;
  return reviewStatusLabel(user.identity_confirmation ?? ReviewStatus.nothing);
}
