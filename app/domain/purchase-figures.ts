// §3 Claim's purchase figures, combined as Japanese two-party factoring is priced: お受け取り額 =
// purchase_amount − purchase_fee − bank_charge; 年率換算 = fee ÷ received × 365 ÷ days.

import { formatYen } from "./yen";
import { japanDate } from "./japan-date";

export function yenAmount(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const text = String(value).trim();
  const match = /^(-?\d{1,15})(?:\.0*)?$/.exec(text);
  return match ? Number(match[1]) : null;
}

export function ratioPercent(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const ratio = Number(value);
  if (!Number.isFinite(ratio)) return "";
  return `${Number((ratio * 100).toFixed(2))}%`;
}

export function daysUntil(today: string, date: string): number | null {
  const parse = (text: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
  };
  const from = parse(today);
  const to = parse(date);
  return from === null || to === null ? null : Math.round((to - from) / 86_400_000);
}

/** From the contract date once contracted, so the figure the user agreed to never changes. */
export function feeCountedFrom(contractedAt: string | null | undefined, now: Date): string {
  const contracted = contractedAt ? new Date(contractedAt) : null;
  return japanDate(contracted && !Number.isNaN(contracted.getTime()) ? contracted : now);
}

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
  annualRate: number | null;
}

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
