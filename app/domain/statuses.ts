// §4 States and transitions: the numeric statuses, one place for the app and the reference upstream.

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

export const CANCELLABLE_ENTRY_STATUSES: readonly EntryStatusValue[] = [
  EntryStatus.under_review,
  EntryStatus.inadequate,
  EntryStatus.reviewed,
];

export const BEFORE_CONTRACTED_ENTRY_STATUSES: readonly EntryStatusValue[] = [
  EntryStatus.reviewed,
  EntryStatus.under_review,
  EntryStatus.inadequate,
];

export function isEntryCancellable(status: number): boolean {
  return (CANCELLABLE_ENTRY_STATUSES as readonly number[]).includes(status);
}

/** §4: only an inadequate entry may be resubmitted (the reference upstream refuses any other). */
export function isEntryResubmittable(status: number): boolean {
  return status === EntryStatus.inadequate;
}

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

/** §4 "Entry transitions by call: … contract": a reviewed entry with a can_buy claim. */
export function isEntryContractable(status: number, claimStatuses: readonly number[]): boolean {
  return status === EntryStatus.reviewed && claimStatuses.includes(ClaimStatus.can_buy);
}

/** §4: "Claim group status payment has value 0." */
export const CLAIM_GROUP_STATUS_PAYMENT = 0;

export const CLAIM_STATUSES_AFTER_REVIEW: readonly ClaimStatusValue[] = [
  ClaimStatus.can_buy,
  ClaimStatus.contracted,
  ClaimStatus.transferred,
  ClaimStatus.returned,
  ClaimStatus.delay,
  ClaimStatus.cannot_buy,
  ClaimStatus.cancel,
];

export const CLAIM_STATUSES_NEEDING_RETURN: readonly ClaimStatusValue[] = [
  ClaimStatus.under_review,
  ClaimStatus.inadequate,
  ClaimStatus.can_buy,
  ClaimStatus.contracted,
  ClaimStatus.transferred,
  ClaimStatus.returned,
  ClaimStatus.delay,
];

export const CLAIM_STATUSES_AFTER_CONTRACT: readonly ClaimStatusValue[] = [
  ClaimStatus.contracted,
  ClaimStatus.transferred,
  ClaimStatus.returned,
  ClaimStatus.delay,
];

export const CLAIM_STATUSES_WITH_PURCHASE_AMOUNT: readonly ClaimStatusValue[] = [
  ClaimStatus.can_buy,
  ClaimStatus.contracted,
  ClaimStatus.transferred,
  ClaimStatus.delay,
  ClaimStatus.returned,
];

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
