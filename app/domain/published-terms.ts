// What the service costs and how soon it pays, as a brand publishes them: the 特定商取引法 notice fills
// its rows from these and the landing page says the same, so the two cannot disagree (decision 0019).

import { PAYOUT_LEAD_BUSINESS_DAYS } from "./return-deadline";

/** Percents, the lowest and the highest a review may set. */
export interface PercentRange {
  min: number;
  max: number;
}

export interface PublishedPricing {
  /** 掛目: 買取額 ÷ 返金額. */
  purchaseRatioPercent: PercentRange;
  /** 買取手数料率: 手数料 ÷ 買取額. */
  feePercent: PercentRange;
}

/** A ratio as the API spells it ("0.9") in percent, to four places (binary fractions would miss 90). */
const percentOfRatio = (ratio: string) => Math.round(Number(ratio) * 1_000_000) / 10_000;

const within = (percent: number, range: PercentRange) => percent >= range.min && percent <= range.max;

/** Which of a review's ratios fall outside what the brand publishes: none when both are within. */
export function ratiosOutsidePricing(
  pricing: PublishedPricing,
  ratios: { ratio: string; feeRatio: string },
): ("purchaseRatioPercent" | "feePercent")[] {
  const outside: ("purchaseRatioPercent" | "feePercent")[] = [];
  if (!within(percentOfRatio(ratios.ratio), pricing.purchaseRatioPercent))
    outside.push("purchaseRatioPercent");
  if (!within(percentOfRatio(ratios.feeRatio), pricing.feePercent)) outside.push("feePercent");
  return outside;
}

/** The review answers within this many bank business days of the documents being complete, in principle. */
export const REVIEW_ANSWER_BUSINESS_DAYS = 2;

/** A percent to two places at most, as the figures on the detail page show a ratio. */
function percentText(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

export function percentRangeText(range: PercentRange): string {
  return range.min === range.max
    ? percentText(range.min)
    : `${percentText(range.min)}〜${percentText(range.max)}`;
}

/**
 * ご負担額 without the 振込手数料, as a share of 返金額: 返金額 − 買取額 × (1 − 手数料率), 買取額 being
 * 返金額 × 掛目. Least at the highest 掛目 and the lowest fee; most at the lowest 掛目 and the highest fee.
 */
export function costPercentRange(pricing: PublishedPricing): PercentRange {
  const cost = (ratio: number, fee: number) => 100 - (ratio * (100 - fee)) / 100;
  const { purchaseRatioPercent: ratio, feePercent: fee } = pricing;
  return { min: cost(ratio.max, fee.min), max: cost(ratio.min, fee.max) };
}

/** The words the 特定商取引法 notice's placeholders and the landing page read. */
export function publishedTerms(pricing: PublishedPricing) {
  return {
    purchaseRatioRange: percentRangeText(pricing.purchaseRatioPercent),
    feeRange: percentRangeText(pricing.feePercent),
    costRange: percentRangeText(costPercentRange(pricing)),
    reviewDays: String(REVIEW_ANSWER_BUSINESS_DAYS),
    payoutLeadDays: String(PAYOUT_LEAD_BUSINESS_DAYS),
  };
}
export type PublishedTerms = ReturnType<typeof publishedTerms>;
