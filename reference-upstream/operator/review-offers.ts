// The named offers a can_buy review may take, and the figures that follow from one for a claim.

import { percentRangeText, ratiosOutsidePricing } from "../../app/domain/published-terms";
import { ratioPercent } from "../../app/domain/purchase-figures";
import { type PurchaseTerms, purchaseAtRatios, yenAtRatio } from "../../app/domain/purchase-terms";
import type { Db } from "../db/database";
import { findUserById } from "../users";
import { type UpstreamConfig, configFromEnvironment } from "../config";
import { brandOf } from "../accounts/brand-links";
import { OperatorStateError, OperatorUsageError } from "./errors";
import { requireClaim, requireEntry } from "./refusals";
import type { ClaimReview } from "./review";

/** The named offers `review-claim … can_buy --offer NAME` takes; the 買取額 and 手数料 follow from the claim. */
export const REVIEW_OFFERS = {
  standard: { ratio: "0.9", feeRatio: "0.05", bankCharge: 660 },
} as const satisfies Record<string, { ratio: string; feeRatio: string; bankCharge: number }>;
export type ReviewOfferName = keyof typeof REVIEW_OFFERS;

const offerLine = (name: string, offer: { ratio: string; feeRatio: string; bankCharge: number }) =>
  `${name} (掛目 ${ratioPercent(offer.ratio)}, 手数料 ${ratioPercent(offer.feeRatio)}, 振込手数料 ${offer.bankCharge}円)`;
export const KNOWN_OFFERS = Object.entries(REVIEW_OFFERS)
  .map(([name, offer]) => offerLine(name, offer))
  .join(", ");

/** Figures given beside an offer, each overriding the offer's or what follows from it. */
export type OfferOverrides = Partial<Omit<PurchaseTerms, "scheduledDeposit">>;

/**
 * A can_buy review at a named offer: its 掛目, 手数料率 and 振込手数料 unless given, the 買取額 from 返金額
 * and the 手数料 from the 買取額 (app/domain/purchase-terms.ts). Refused when a ratio falls outside
 * what the entry's brand publishes (its 特定商取引法 notice); reviewClaim checks the rest.
 */
export function claimReviewAtOffer(
  db: Db,
  claimId: number,
  offerName: ReviewOfferName,
  given: OfferOverrides = {},
  config: UpstreamConfig = configFromEnvironment(),
): Extract<ClaimReview, { decision: "can_buy" }> {
  const offer = REVIEW_OFFERS[offerName];
  const claim = requireClaim(db, claimId);
  const ratio = given.ratio ?? offer.ratio;
  const feeRatio = given.feeRatio ?? offer.feeRatio;
  const principal = given.principal ?? null;
  const owner = findUserById(db, requireEntry(db, claim.entry_id).user_id);
  const brand = brandOf(config, owner?.service_id ?? "");
  const outside = ratiosOutsidePricing(brand.pricing, { ratio, feeRatio });
  if (outside.length > 0) {
    const words = outside.map((range) =>
      range === "purchaseRatioPercent"
        ? `掛目 ${ratio} (${ratioPercent(ratio)}) is outside ${percentRangeText(brand.pricing.purchaseRatioPercent)}`
        : `手数料率 ${feeRatio} (${ratioPercent(feeRatio)}) is outside ${percentRangeText(brand.pricing.feePercent)}`,
    );
    throw new OperatorStateError(
      `claim ${claim.code}: ${words.join("; ")}, what ${brand.serviceName} publishes (公表している範囲の外です)`,
    );
  }
  const computed = purchaseAtRatios(principal ?? claim.scheduled_deposit_amount_from_obliger, {
    ratio,
    feeRatio,
  });
  const purchaseAmount = given.purchaseAmount ?? computed?.purchaseAmount ?? null;
  // A 買取額 given outright carries its own fee at the ratio.
  const fee =
    given.fee ??
    (given.purchaseAmount === undefined ? computed?.fee : yenAtRatio(given.purchaseAmount, feeRatio)) ??
    null;
  if (purchaseAmount === null || fee === null) {
    throw new OperatorUsageError(
      `--ratio and --fee-ratio must be decimals such as 0.9 (小数で指定してください)`,
    );
  }
  return {
    decision: "can_buy",
    purchaseAmount,
    fee,
    feeRatio,
    ratio,
    bankCharge: given.bankCharge ?? offer.bankCharge,
    principal,
  };
}
