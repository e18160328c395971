// The terms a can_buy review may record (§3 Claim): 買取額 = 返金額 × 掛目, 手数料 = 買取額 × 手数料率 to
// the yen; 返金額 and 買取額 at most the debtor's transfer; the fee and charge leave the owner something.

export interface PurchaseTerms {
  /** scheduled_deposit_amount_from_obliger: 売掛先からの銀行振込金額. */
  scheduledDeposit: number;
  purchaseAmount: number;
  fee: number;
  /** A decimal as the API spells it, such as "0.05". */
  feeRatio: string;
  ratio: string;
  bankCharge: number;
  /** The 返金額 given, or null for the scheduled deposit. */
  principal: number | null;
}

export type PurchaseTermsProblem =
  | { rule: "principal_above_deposit"; principal: number; scheduledDeposit: number }
  | { rule: "purchase_above_deposit"; purchaseAmount: number; scheduledDeposit: number }
  | { rule: "purchase_above_principal"; purchaseAmount: number; principal: number }
  | { rule: "nothing_received"; purchaseAmount: number; fee: number; bankCharge: number }
  | { rule: "ratio_disagrees"; purchaseAmount: number; principal: number; ratio: string; expected: number }
  | { rule: "fee_ratio_disagrees"; fee: number; purchaseAmount: number; feeRatio: string; expected: number };

const MICROS = 1_000_000n;

/** A decimal of at most six places in millionths, exactly (binary fractions would miss a yen). */
function micros(decimal: string): bigint | null {
  const match = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(decimal);
  if (!match) return null;
  return BigInt(match[1]!) * MICROS + BigInt((match[2] ?? "").padEnd(6, "0"));
}

/** True when `amount` is `base × ratio` rounded to the yen, up or down. */
function agreesToTheYen(amount: number, base: number, ratio: bigint): boolean {
  const exact = BigInt(base) * ratio;
  const difference = BigInt(amount) * MICROS - exact;
  return difference < MICROS && difference > -MICROS;
}

/** `base × ratio` to the nearest yen, to say what a disagreeing figure should have been. */
function nearestYen(base: number, ratio: bigint): number {
  return Number((BigInt(base) * ratio + MICROS / 2n) / MICROS);
}

/**
 * The 買取額 and 手数料 that ratios give a 返金額, each to the nearest yen (so they agree with the ratios
 * as purchaseTermsProblems requires); null when a ratio is not a decimal of six places at most.
 */
/** `base × ratio` to the nearest yen, half up; null when the ratio is not a decimal of six places at most. */
export function yenAtRatio(base: number, ratio: string): number | null {
  const exact = micros(ratio);
  return exact === null ? null : nearestYen(base, exact);
}

export function purchaseAtRatios(
  principal: number,
  ratios: { ratio: string; feeRatio: string },
): { purchaseAmount: number; fee: number } | null {
  const purchaseAmount = yenAtRatio(principal, ratios.ratio);
  const fee = purchaseAmount === null ? null : yenAtRatio(purchaseAmount, ratios.feeRatio);
  return purchaseAmount === null || fee === null ? null : { purchaseAmount, fee };
}

/** What is wrong with the terms, every rule that fails; empty when a review may record them. */
export function purchaseTermsProblems(terms: PurchaseTerms): PurchaseTermsProblem[] {
  const problems: PurchaseTermsProblem[] = [];
  const { scheduledDeposit, purchaseAmount, fee, bankCharge } = terms;
  const principal = terms.principal ?? scheduledDeposit;
  if (terms.principal !== null && terms.principal > scheduledDeposit) {
    problems.push({ rule: "principal_above_deposit", principal: terms.principal, scheduledDeposit });
  }
  if (purchaseAmount > scheduledDeposit) {
    problems.push({ rule: "purchase_above_deposit", purchaseAmount, scheduledDeposit });
  } else if (purchaseAmount > principal) {
    problems.push({ rule: "purchase_above_principal", purchaseAmount, principal });
  }
  if (fee + bankCharge >= purchaseAmount) {
    problems.push({ rule: "nothing_received", purchaseAmount, fee, bankCharge });
  }
  const ratio = micros(terms.ratio);
  if (ratio !== null && !agreesToTheYen(purchaseAmount, principal, ratio)) {
    problems.push({
      rule: "ratio_disagrees",
      purchaseAmount,
      principal,
      ratio: terms.ratio,
      expected: nearestYen(principal, ratio),
    });
  }
  const feeRatio = micros(terms.feeRatio);
  if (feeRatio !== null && !agreesToTheYen(fee, purchaseAmount, feeRatio)) {
    problems.push({
      rule: "fee_ratio_disagrees",
      fee,
      purchaseAmount,
      feeRatio: terms.feeRatio,
      expected: nearestYen(purchaseAmount, feeRatio),
    });
  }
  return problems;
}
