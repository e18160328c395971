// §4 States and transitions: the numeric statuses the upstream sends, in one place for both sides.

/** §4 Entry status (numeric). */
export const EntryStatus = {
  under_review: 1,
  inadequate: 2,
  reviewed: 3,
  contracted: 4,
  transferred: 5,
  archived: 6,
} as const;
export type EntryStatusName = keyof typeof EntryStatus;
export type EntryStatusValue = (typeof EntryStatus)[EntryStatusName];

/** §4: "Cancellable only while under_review, inadequate or reviewed." */
export const CANCELLABLE_ENTRY_STATUSES: readonly EntryStatusValue[] = [
  EntryStatus.under_review,
  EntryStatus.inadequate,
  EntryStatus.reviewed,
];

/** §4: "A user has a before-contracted entry if any entry is reviewed, under_review or inadequate." */
export const BEFORE_CONTRACTED_ENTRY_STATUSES: readonly EntryStatusValue[] = [
  EntryStatus.reviewed,
  EntryStatus.under_review,
  EntryStatus.inadequate,
];

export function isEntryCancellable(status: number): boolean {
  return (CANCELLABLE_ENTRY_STATUSES as readonly number[]).includes(status);
}

/**
 * §2 /entry/resubmit/:entryId, §7 POST /api/entries/{id}/review/: what the operator found inadequate
 * is resubmitted, so only an inadequate entry may be (the reference upstream refuses any other).
 */
export function isEntryResubmittable(status: number): boolean {
  return status === EntryStatus.inadequate;
}

/** §4 Claim status (numeric). */
export const ClaimStatus = {
  under_review: 1,
  inadequate: 2,
  can_buy: 3,
  contracted: 4,
  transferred: 5,
  returned: 6,
  delay: 7,
  cannot_buy: 8,
  cancel: 9,
} as const;
export type ClaimStatusName = keyof typeof ClaimStatus;
export type ClaimStatusValue = (typeof ClaimStatus)[ClaimStatusName];

/**
 * As §4's "Entry transitions by call: … contract" and the upstream's own check have it:
 * the user may agree to the contract only for a reviewed entry with at least one claim that can be
 * bought (can_buy); only those claims are contracted.
 */
export function isEntryContractable(status: number, claimStatuses: readonly number[]): boolean {
  return status === EntryStatus.reviewed && claimStatuses.includes(ClaimStatus.can_buy);
}

/** §4: "Claim group status payment has value 0." */
export const CLAIM_GROUP_STATUS_PAYMENT = 0;

/** §4 "After review: can_buy, contracted, transferred, returned, delay, cannot_buy, cancel." */
export const CLAIM_STATUSES_AFTER_REVIEW: readonly ClaimStatusValue[] = [
  ClaimStatus.can_buy,
  ClaimStatus.contracted,
  ClaimStatus.transferred,
  ClaimStatus.returned,
  ClaimStatus.delay,
  ClaimStatus.cannot_buy,
  ClaimStatus.cancel,
];

/** §4 "Needing return: under_review, inadequate, can_buy, contracted, transferred, returned, delay." */
export const CLAIM_STATUSES_NEEDING_RETURN: readonly ClaimStatusValue[] = [
  ClaimStatus.under_review,
  ClaimStatus.inadequate,
  ClaimStatus.can_buy,
  ClaimStatus.contracted,
  ClaimStatus.transferred,
  ClaimStatus.returned,
  ClaimStatus.delay,
];

/** §4 "After contract: contracted, transferred, returned, delay." */
export const CLAIM_STATUSES_AFTER_CONTRACT: readonly ClaimStatusValue[] = [
  ClaimStatus.contracted,
  ClaimStatus.transferred,
  ClaimStatus.returned,
  ClaimStatus.delay,
];

/** §4 "Purchase-amount statuses: can_buy, contracted, transferred, delay, returned." */
export const CLAIM_STATUSES_WITH_PURCHASE_AMOUNT: readonly ClaimStatusValue[] = [
  ClaimStatus.can_buy,
  ClaimStatus.contracted,
  ClaimStatus.transferred,
  ClaimStatus.delay,
  ClaimStatus.returned,
];

/** §4 Identity or document review status from number. */
export const ReviewStatus = {
  confirming: 1,
  inadequate: 2,
  confirmed: 3,
  nothing: 4,
  expired: 5,
} as const;
export type ReviewStatusName = keyof typeof ReviewStatus;
export type ReviewStatusValue = (typeof ReviewStatus)[ReviewStatusName];

/** §4: "Inadequate, nothing and expired require resubmission." */
export function requiresResubmission(status: number): boolean {
  return (
    status === ReviewStatus.inadequate || status === ReviewStatus.nothing || status === ReviewStatus.expired
  );
}

/** §4: "Withdrawals-detail and financial-statements statuses count as confirmed when confirming or confirmed." */
export function countsAsConfirmed(status: number): boolean {
  return status === ReviewStatus.confirming || status === ReviewStatus.confirmed;
}

export function nameOfStatus<T extends Record<string, number>>(table: T, value: number): keyof T | undefined {
  return (Object.keys(table) as (keyof T)[]).find((key) => table[key] === value);
}
