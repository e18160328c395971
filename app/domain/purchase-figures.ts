// The money on offer once a claim is reviewed (§3 Claim: purchase_principal_amount,
// purchase_amount, purchase_ratio, purchase_fee, purchase_fee_ratio, bank_charge), and what the user
// receives. The spec names the fields, not how they combine; read as two-party factoring is priced in
// Japan (and as the reference upstream's operator command sets them): the purchase amount is what we
// pay for the claim, the fee and the bank charge come off it, so
//   お受け取り額 = purchase_amount − purchase_fee − bank_charge.
// The fee as an annual rate lets a business owner compare it with a bank loan:
//   年率換算 = fee ÷ amount received × 365 ÷ days from today to the debtor's payment date,
// shown in percent to one decimal, rounded half up; none when the date is today or past, or nothing is
// received. Pure.

import { formatYen } from "./yen";
import { japanDate } from "./japan-date";

/** An amount as the upstream gives it ("1000000" or 1000000); null when not set or not whole yen. */
export function yenAmount(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const text = String(value).trim();
  const match = /^(-?\d{1,15})(?:\.0*)?$/.exec(text);
  return match ? Number(match[1]) : null;
}

/** A ratio ("0.9", "0.05") as a percent for people: 90%, 5%, 2.5% (at most two decimals). */
export function ratioPercent(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const ratio = Number(value);
  if (!Number.isFinite(ratio)) return "";
  return `${Number((ratio * 100).toFixed(2))}%`;
}

/** Whole days from `today` to `date` (both YYYY-MM-DD, Japan's calendar); null for a date that is no date. */
export function daysUntil(today: string, date: string): number | null {
  const parse = (text: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
  };
  const from = parse(today);
  const to = parse(date);
  return from === null || to === null ? null : Math.round((to - from) / 86_400_000);
}

/**
 * The day 年率換算 counts from: today while the entry is on offer, the contract date once contracted,
 * so the figure the user agreed to never changes on a later visit.
 */
export function feeCountedFrom(contractedAt: string | null | undefined, now: Date): string {
  const contracted = contractedAt ? new Date(contractedAt) : null;
  return japanDate(contracted && !Number.isNaN(contracted.getTime()) ? contracted : now);
}

/** 年率換算 in percent, one decimal, rounded half up; null when it cannot be said. */
export function annualFeeRate(fee: number, received: number, days: number): number | null {
  if (!(received > 0) || !(days > 0) || !(fee >= 0)) return null;
  const percent = (fee / received) * (365 / days) * 100;
  // Half up at the first decimal, with a nudge for binary fractions (18.25 must give 18.3).
  return Math.floor(percent * 10 + 0.5 + 1e-9) / 10;
}

export interface ClaimFiguresInput {
  purchase_principal_amount?: string | number | null;
  purchase_amount?: string | number | null;
  purchase_ratio?: string | number | null;
  purchase_fee?: string | number | null;
  purchase_fee_ratio?: string | number | null;
  bank_charge?: string | number | null;
  obliger_payment_date?: string | null;
}

export interface ClaimFigures {
  principal: number | null;
  purchaseAmount: number;
  ratio: string;
  fee: number;
  feeRatio: string;
  bankCharge: number;
  received: number;
  /** 年率換算 (percent), when the payment date is ahead. */
  annualRate: number | null;
}

/**
 * The claim's figures, once the review set a purchase amount; null before that. `countedFrom` is the
 * day the annual rate counts from (feeCountedFrom).
 */
export function claimFigures(claim: ClaimFiguresInput, countedFrom: string): ClaimFigures | null {
  const purchaseAmount = yenAmount(claim.purchase_amount);
  if (purchaseAmount === null) return null;
  const fee = yenAmount(claim.purchase_fee) ?? 0;
  const bankCharge = yenAmount(claim.bank_charge) ?? 0;
  const received = purchaseAmount - fee - bankCharge;
  const days = claim.obliger_payment_date ? daysUntil(countedFrom, claim.obliger_payment_date) : null;
  return {
    principal: yenAmount(claim.purchase_principal_amount),
    purchaseAmount,
    ratio: ratioPercent(claim.purchase_ratio),
    fee,
    feeRatio: ratioPercent(claim.purchase_fee_ratio),
    bankCharge,
    received,
    annualRate: days === null ? null : annualFeeRate(fee, received, days),
  };
}

/** The sums over the claims with figures. */
export function figureTotals(figures: readonly ClaimFigures[]) {
  const sum = (pick: (figure: ClaimFigures) => number) =>
    figures.reduce((total, figure) => total + pick(figure), 0);
  return {
    purchaseAmount: sum((figure) => figure.purchaseAmount),
    fee: sum((figure) => figure.fee),
    bankCharge: sum((figure) => figure.bankCharge),
    received: sum((figure) => figure.received),
  };
}

/** A claim's figures as people read them (amounts in yen, the annual rate in percent). */
export function claimFiguresText(figures: ClaimFigures) {
  return {
    principal: figures.principal === null ? "" : formatYen(figures.principal),
    purchaseAmount: formatYen(figures.purchaseAmount),
    ratio: figures.ratio,
    fee: formatYen(figures.fee),
    feeRatio: figures.feeRatio,
    bankCharge: formatYen(figures.bankCharge),
    received: formatYen(figures.received),
    annualRate: figures.annualRate === null ? "" : `約${figures.annualRate.toFixed(1)}%`,
  };
}

export type ClaimFiguresText = ReturnType<typeof claimFiguresText>;

/** The sums over the claims with figures, in yen; null when no claim has any. */
export function figureTotalsText(figures: readonly ClaimFigures[]) {
  if (figures.length === 0) return null;
  const totals = figureTotals(figures);
  return {
    purchaseAmount: formatYen(totals.purchaseAmount),
    fee: formatYen(totals.fee),
    bankCharge: formatYen(totals.bankCharge),
    received: formatYen(totals.received),
  };
}

export type FigureTotalsText = NonNullable<ReturnType<typeof figureTotalsText>>;
