import { describe, expect, it } from "vitest";
import {
  BEFORE_CONTRACTED_ENTRY_STATUSES,
  CLAIM_STATUSES_AFTER_CONTRACT,
  CLAIM_STATUSES_AFTER_REVIEW,
  CLAIM_STATUSES_NEEDING_RETURN,
  CLAIM_STATUSES_WITH_PURCHASE_AMOUNT,
  ClaimStatus,
  EntryStatus,
  ReviewStatus,
  countsAsConfirmed,
  isEntryCancellable,
  isEntryContractable,
  nameOfStatus,
  requiresResubmission,
} from "~/domain/statuses";

describe("§4 numeric statuses", () => {
  it("Entry status (numeric): under_review 1, inadequate 2, reviewed 3, contracted 4, transferred 5, archived 6", () => {
    expect(EntryStatus).toEqual({
      under_review: 1,
      inadequate: 2,
      reviewed: 3,
      contracted: 4,
      transferred: 5,
      archived: 6,
    });
  });

  it("Claim status (numeric): under_review 1 … cancel 9", () => {
    expect(Object.entries(ClaimStatus)).toEqual([
      ["under_review", 1],
      ["inadequate", 2],
      ["can_buy", 3],
      ["contracted", 4],
      ["transferred", 5],
      ["returned", 6],
      ["delay", 7],
      ["cannot_buy", 8],
      ["cancel", 9],
    ]);
  });

  it("Identity or document review status from number: 1 confirming, 2 inadequate, 3 confirmed, 4 nothing, 5 expired", () => {
    expect([1, 2, 3, 4, 5].map((value) => nameOfStatus(ReviewStatus, value))).toEqual([
      "confirming",
      "inadequate",
      "confirmed",
      "nothing",
      "expired",
    ]);
    expect(nameOfStatus(ReviewStatus, 6)).toBeUndefined();
  });

  it("Cancellable only while under_review, inadequate or reviewed", () => {
    expect([1, 2, 3, 4, 5, 6].filter(isEntryCancellable)).toEqual([1, 2, 3]);
  });

  it("a contract only for a reviewed entry with a claim that can be bought (can_buy)", () => {
    expect([1, 2, 3, 4, 5, 6].filter((status) => isEntryContractable(status, [3, 8]))).toEqual([3]);
    expect(isEntryContractable(3, [8, 9])).toBe(false);
    expect(isEntryContractable(3, [])).toBe(false);
    expect(isEntryContractable(4, [4])).toBe(false);
  });

  it("a before-contracted entry is reviewed, under_review or inadequate", () => {
    expect([...BEFORE_CONTRACTED_ENTRY_STATUSES].sort()).toEqual([1, 2, 3]);
  });

  it("Inadequate, nothing and expired require resubmission", () => {
    expect([1, 2, 3, 4, 5].filter(requiresResubmission)).toEqual([2, 4, 5]);
  });

  it("Withdrawals-detail and financial-statements statuses count as confirmed when confirming or confirmed", () => {
    expect([1, 2, 3, 4, 5].filter(countsAsConfirmed)).toEqual([1, 3]);
  });

  it("claim status groups are those §4 lists", () => {
    expect([...CLAIM_STATUSES_AFTER_REVIEW].sort()).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect([...CLAIM_STATUSES_NEEDING_RETURN].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect([...CLAIM_STATUSES_AFTER_CONTRACT].sort()).toEqual([4, 5, 6, 7]);
    expect([...CLAIM_STATUSES_WITH_PURCHASE_AMOUNT].sort()).toEqual([3, 4, 5, 6, 7]);
  });
});
