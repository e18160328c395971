// §3 Claim's purchase figures, as the deal is priced: 買取額 = 返金額 × 掛目; お受け取り額 = 買取額 −
// 手数料 − 振込手数料; the owner returns the whole 返金額, so the cost is 返金額 − お受け取り額.

import type { BankCalendar } from "./bank-calendar";
import { japanDate, japanDayOf } from "./japan-date";
import { payoutDueDate, returnDeadline } from "./return-deadline";
import { ClaimStatus } from "./statuses";
import { formatYen } from "./yen";

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

/** The day the price is paid: the transfer once made, else the day the agreement promises it by. */
export function payoutDay(
  entry: { contracted_at?: string | null; transferred_at?: string | null },
  now: Date,
  calendar: BankCalendar,
): string {
  const transferred = japanDayOf(entry.transferred_at);
  if (transferred) return transferred;
  return payoutDueDate(japanDayOf(entry.contracted_at) ?? japanDate(now), calendar);
}

/** The cost over a year, to compare with a loan's rate: cost ÷ received × 365 ÷ days, half up at 0.1. */
export function annualCostRate(cost: number, received: number, days: number): number | null {
  if (!(received > 0) || !(days > 0) || !(cost >= 0)) return null;
  const percent = (cost / received) * (365 / days) * 100;
  // Half up at the first decimal, with a nudge for binary fractions (18.25 must give 18.3).
  return Math.floor(percent * 10 + 0.5 + 1e-9) / 10;
}

/** The one set of words for the figures, on every screen, in the agreement and in every mail. */
export const FIGURE_LABELS = {
  purchaseAmount: "買取額",
  fee: "手数料",
  bankCharge: "振込手数料",
  received: "お受け取り額",
  repayment: "返金額",
  marginPart: "掛目による差額",
  cost: "ご負担額",
  annualRate: "ご負担額の年率換算",
} as const;

export interface ClaimFiguresInput {
  purchase_principal_amount?: string | number | null;
  purchase_amount?: string | number | null;
  purchase_ratio?: string | number | null;
  purchase_fee?: string | number | null;
  purchase_fee_ratio?: string | number | null;
  bank_charge?: string | number | null;
  scheduled_deposit_amount_from_obliger?: string | number | null;
  amount?: string | number | null;
  obliger_payment_date?: string | null;
  return_date?: string | null;
}

export interface ClaimFigures {
  /** 買取額: the repayment times the 掛目 (purchase_ratio). */
  purchaseAmount: number;
  ratio: string;
  fee: number;
  feeRatio: string;
  bankCharge: number;
  /** お受け取り額: what reaches the owner's account. */
  received: number;
  /** 返金額: the whole of what the debtor pays by transfer, returned by the deadline. */
  repayment: number;
  /** The part of the repayment the price leaves out (返金額 − 買取額). */
  marginPart: number;
  /** ご負担額: everything the deal costs the owner (返金額 − お受け取り額). */
  cost: number;
  /** From the payout to the deadline; null when either is unknown. */
  days: number | null;
  annualRate: number | null;
}

/** A claim's figures as the review priced them; null before it did. */
export function claimFigures(
  claim: ClaimFiguresInput,
  { payoutDate, calendar }: { payoutDate: string; calendar: BankCalendar },
): ClaimFigures | null {
  const purchaseAmount = yenAmount(claim.purchase_amount);
  if (purchaseAmount === null) return null;
  const fee = yenAmount(claim.purchase_fee) ?? 0;
  const bankCharge = yenAmount(claim.bank_charge) ?? 0;
  const received = purchaseAmount - fee - bankCharge;
  const repayment =
    yenAmount(claim.purchase_principal_amount) ??
    yenAmount(claim.scheduled_deposit_amount_from_obliger) ??
    yenAmount(claim.amount) ??
    purchaseAmount;
  const cost = repayment - received;
  const contracted = claim.return_date || claim.obliger_payment_date;
  const days = contracted ? daysUntil(payoutDate, returnDeadline(contracted, calendar)) : null;
  return {
    purchaseAmount,
    ratio: ratioPercent(claim.purchase_ratio),
    fee,
    feeRatio: ratioPercent(claim.purchase_fee_ratio),
    bankCharge,
    received,
    repayment,
    marginPart: repayment - purchaseAmount,
    cost,
    days,
    annualRate: days === null ? null : annualCostRate(cost, received, days),
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
    repayment: sum((figure) => figure.repayment),
    marginPart: sum((figure) => figure.marginPart),
    cost: sum((figure) => figure.cost),
  };
}

export function claimFiguresText(figures: ClaimFigures) {
  return {
    purchaseAmount: formatYen(figures.purchaseAmount),
    ratio: figures.ratio,
    fee: formatYen(figures.fee),
    feeRatio: figures.feeRatio,
    bankCharge: formatYen(figures.bankCharge),
    received: formatYen(figures.received),
    repayment: formatYen(figures.repayment),
    marginPart: formatYen(figures.marginPart),
    cost: formatYen(figures.cost),
    // Once the deadline has come there is no span left to rate.
    days: figures.days === null || figures.days <= 0 ? "" : `${figures.days}日`,
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
    repayment: formatYen(totals.repayment),
    marginPart: formatYen(totals.marginPart),
    cost: formatYen(totals.cost),
  };
}

export type FigureTotalsText = NonNullable<ReturnType<typeof figureTotalsText>>;

/** A claim as the totals' scope sees it: its status, and whether the review priced it (claimFigures). */
export interface TotalsScopeClaim {
  status: number;
  priced: boolean;
}

/**
 * A priced claim counts in the totals only while it is still being bought: one the owner cancelled or
 * the operator declined after the review keeps its offer on the page, but no money will come of it.
 */
export function countsInTotals(status: number): boolean {
  return status !== ClaimStatus.cancel && status !== ClaimStatus.cannot_buy;
}

/** Claims the review has yet to decide: waiting for it, or for documents the owner is to resubmit. */
const UNDECIDED_CLAIM_STATUSES: readonly number[] = [ClaimStatus.under_review, ClaimStatus.inadequate];

const claimNames = (numbers: readonly number[]) => `請求書${numbers.join("・")}`;

/**
 * Totals only of what is decided: the totals sum the priced claims, so whenever a claim is left out they
 * name the claims they hold and why the others are not in them; while a review is partial the heading
 * says so too, and the note warns the sum may still change. Shown rather than withheld: each priced
 * claim's figures are final and already on the page, so their sum is too, as long as it never reads as
 * the whole. Numbers are the claims' places (請求書1…).
 */
export function figureTotalsScope(claims: readonly TotalsScopeClaim[]): {
  heading: string;
  note: string | null;
} {
  const included: number[] = [];
  const undecided: number[] = [];
  const notBought: number[] = [];
  claims.forEach((claim, index) => {
    const list = claim.priced
      ? included
      : UNDECIDED_CLAIM_STATUSES.includes(claim.status)
        ? undecided
        : notBought;
    list.push(index + 1);
  });
  const partial = undecided.length > 0;
  const heading = partial ? "お受け取りの金額（審査済みの請求書の合計）" : "お受け取りの金額（合計）";
  if (undecided.length === 0 && notBought.length === 0) return { heading, note: null };
  const sentences = [
    `この合計は、${partial ? "審査済みの" : ""}${claimNames(included)}の金額です。`,
    partial ? `${claimNames(undecided)}はまだ審査が終わっていないため、含めていません。` : "",
    notBought.length > 0 ? `${claimNames(notBought)}は買取の対象外のため、含めていません。` : "",
    partial ? "審査が終わると、合計の金額が変わることがあります。" : "",
  ];
  return { heading, note: sentences.join("") };
}
