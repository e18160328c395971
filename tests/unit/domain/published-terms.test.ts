// Required: "the landing page says what it costs (the fee range, the 掛目) and how fast money arrives,
// as the 特定商取引法 page does": one set of figures, and the cost is the 掛目 part and the fee together
// (返金額 − お受け取り額, decision 0033), never the fee alone.

import { describe, expect, it } from "vitest";
import {
  REVIEW_ANSWER_BUSINESS_DAYS,
  costPercentRange,
  percentRangeText,
  publishedTerms,
  ratiosOutsidePricing,
} from "~/domain/published-terms";
import { PAYOUT_LEAD_BUSINESS_DAYS } from "~/domain/return-deadline";

const PRICING = { purchaseRatioPercent: { min: 80, max: 100 }, feePercent: { min: 2, max: 10 } };

describe("the published terms", () => {
  it("a range reads lowest〜highest in percent; one value reads once", () => {
    expect(percentRangeText({ min: 80, max: 100 })).toBe("80%〜100%");
    expect(percentRangeText({ min: 1.5, max: 9.25 })).toBe("1.5%〜9.25%");
    expect(percentRangeText({ min: 5, max: 5 })).toBe("5%");
  });

  it("the cost is 返金額 − 買取額 × (1 − 手数料率): least at the highest 掛目 and lowest fee, most at the lowest 掛目 and highest fee", () => {
    expect(costPercentRange(PRICING)).toEqual({ min: 2, max: 28 });
    // 1,000,000円 returned at 掛目 85% and a fee of 8%: 850,000円 bought, 782,000円 received, 218,000円 borne.
    const cost = costPercentRange({
      purchaseRatioPercent: { min: 85, max: 100 },
      feePercent: { min: 2, max: 8 },
    });
    expect(percentRangeText(cost)).toBe("2%〜21.8%");
  });

  it("gives the figures and the days the notice and the landing page both read", () => {
    expect(publishedTerms(PRICING)).toEqual({
      purchaseRatioRange: "80%〜100%",
      feeRange: "2%〜10%",
      costRange: "2%〜28%",
      reviewDays: String(REVIEW_ANSWER_BUSINESS_DAYS),
      payoutLeadDays: String(PAYOUT_LEAD_BUSINESS_DAYS),
    });
  });
});

describe("a review's ratios against the published ranges", () => {
  it("90 % and 5 % are within 80–100 % and 2–10 %; the ends count as within", () => {
    expect(ratiosOutsidePricing(PRICING, { ratio: "0.9", feeRatio: "0.05" })).toEqual([]);
    expect(ratiosOutsidePricing(PRICING, { ratio: "0.8", feeRatio: "0.1" })).toEqual([]);
    expect(ratiosOutsidePricing(PRICING, { ratio: "1", feeRatio: "0.02" })).toEqual([]);
  });

  it("names each ratio outside: a 掛目 under the floor, a fee over the ceiling", () => {
    expect(ratiosOutsidePricing(PRICING, { ratio: "0.79", feeRatio: "0.05" })).toEqual([
      "purchaseRatioPercent",
    ]);
    expect(ratiosOutsidePricing(PRICING, { ratio: "0.9", feeRatio: "0.100001" })).toEqual(["feePercent"]);
    expect(ratiosOutsidePricing(PRICING, { ratio: "0.5", feeRatio: "0.01" })).toEqual([
      "purchaseRatioPercent",
      "feePercent",
    ]);
  });
});
