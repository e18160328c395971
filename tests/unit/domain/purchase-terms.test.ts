// Required: a review never records terms the owner cannot keep: "a purchase amount above the scheduled
// deposit (and fees above the purchase)" is refused. Two-party factoring prices a claim as 買取額 =
// 返金額 × 掛目 and 手数料 = 買取額 × 手数料率, each to the yen, so a figure that disagrees with its
// ratio is refused too.

import { describe, expect, it } from "vitest";
import {
  type PurchaseTerms,
  purchaseAtRatios,
  purchaseTermsProblems,
  yenAtRatio,
} from "../../../app/domain/purchase-terms";

/** 1,099,340円 returned for 989,406円 bought at 90 %, a 5 % fee (49,470円) and 660円 to transfer. */
const EXAMPLE: PurchaseTerms = {
  scheduledDeposit: 1_099_340,
  purchaseAmount: 989_406,
  fee: 49_470,
  feeRatio: "0.05",
  ratio: "0.9",
  bankCharge: 660,
  principal: 1_099_340,
};
const rules = (terms: Partial<PurchaseTerms>) =>
  purchaseTermsProblems({ ...EXAMPLE, ...terms }).map((problem) => problem.rule);

describe("the terms a review may record on a claim it buys", () => {
  it("the example holds; without a principal the scheduled deposit is the 返金額", () => {
    expect(rules({})).toEqual([]);
    expect(rules({ principal: null })).toEqual([]);
  });

  it("the 返金額 and the 買取額 are at most what the debtor transfers; the 買取額 at most the 返金額", () => {
    expect(rules({ principal: 1_099_341 })).toEqual(["principal_above_deposit"]);
    expect(rules({ purchaseAmount: 1_099_341, ratio: "1.000001", fee: 54_967 })).toEqual([
      "purchase_above_deposit",
    ]);
    expect(rules({ principal: 900_000, purchaseAmount: 900_001, ratio: "1.000001", fee: 45_000 })).toEqual([
      "purchase_above_principal",
    ]);
  });

  it("the fee and the bank charge leave the owner something: equal to the 買取額 is refused", () => {
    expect(rules({ fee: 988_746, feeRatio: "0.999333" })).toEqual(["nothing_received"]);
    expect(rules({ fee: 988_746, feeRatio: "0.999333", bankCharge: 659 })).toEqual([]);
  });

  it("買取額 = 返金額 × 掛目 and 手数料 = 買取額 × 手数料率, rounded to the yen either way", () => {
    expect(rules({ fee: 49_471 })).toEqual([]);
    expect(rules({ fee: 49_470 })).toEqual([]);
    expect(rules({ fee: 49_469 })).toEqual(["fee_ratio_disagrees"]);
    expect(rules({ fee: 49_472 })).toEqual(["fee_ratio_disagrees"]);
    expect(rules({ ratio: "0.8" })).toEqual(["ratio_disagrees"]);
    expect(purchaseTermsProblems({ ...EXAMPLE, ratio: "0.8" })[0]).toMatchObject({ expected: 879_472 });
    // Exact in millionths: 0.1 + 0.2 style binary fractions never cost a yen.
    expect(
      rules({
        scheduledDeposit: 3,
        principal: 3,
        purchaseAmount: 1,
        ratio: "0.333333",
        fee: 0,
        feeRatio: "0",
        bankCharge: 0,
      }),
    ).toEqual([]);
  });
});

describe("the figures ratios give a 返金額 (an operator's named offer)", () => {
  it("買取額 = 返金額 × 掛目 and 手数料 = 買取額 × 手数料率, to the nearest yen: the example's figures", () => {
    expect(purchaseAtRatios(1_099_340, { ratio: "0.9", feeRatio: "0.05" })).toEqual({
      purchaseAmount: 989_406,
      fee: 49_470,
    });
  });

  it("what they give always passes the review's rules, half a yen rounded up", () => {
    // 1,000,001 × 0.9 = 900,000.9 → 900,001; × 0.05 = 45,000.05 → 45,000. 11 × 0.05 = 0.55 → 1.
    expect(purchaseAtRatios(1_000_001, { ratio: "0.9", feeRatio: "0.05" })).toEqual({
      purchaseAmount: 900_001,
      fee: 45_000,
    });
    expect(purchaseAtRatios(10, { ratio: "0.5", feeRatio: "0.1" })).toEqual({ purchaseAmount: 5, fee: 1 });
    for (const principal of [1, 999, 123_457, 1_099_340, 98_765_431]) {
      const figures = purchaseAtRatios(principal, { ratio: "0.87", feeRatio: "0.035" })!;
      const problems = purchaseTermsProblems({
        ...EXAMPLE,
        scheduledDeposit: principal,
        principal: null,
        ...figures,
        ratio: "0.87",
        feeRatio: "0.035",
        bankCharge: 0,
      }).map((problem) => problem.rule);
      expect(
        problems.filter((rule) => rule !== "nothing_received"),
        String(principal),
      ).toEqual([]);
    }
  });

  it("one figure at a ratio: a fee on a 買取額 given outright", () => {
    expect(yenAtRatio(989_406, "0.05")).toBe(49_470);
    expect(yenAtRatio(11, "0.05")).toBe(1);
    expect(yenAtRatio(11, "5%")).toBeNull();
  });

  it("a ratio that is not a decimal gives nothing", () => {
    expect(purchaseAtRatios(1_000, { ratio: "ninety", feeRatio: "0.05" })).toBeNull();
    expect(purchaseAtRatios(1_000, { ratio: "0.9", feeRatio: "0.0000001" })).toBeNull();
  });
});
