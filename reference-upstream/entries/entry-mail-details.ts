// What each entry mail carries below its opening lines, what a person keeps as the receipt: the claims,
// amounts, dates and accounts concerned.

import type { Brand } from "../../app/brand/brands";
import { formatJapaneseDate } from "../../app/domain/japan-date";
import {
  type ClaimFigures,
  FIGURE_LABELS,
  claimFigures,
  figureTotals,
  payoutDay,
  yenAmount,
} from "../../app/domain/purchase-figures";
import { returnObligation } from "../../app/domain/return-obligation";
import { ClaimStatus } from "../../app/domain/statuses";
import { formatYen } from "../../app/domain/yen";
import { returnDateCalendar } from "../../app/lookup/japan-holidays.server";
import { dateJst } from "../time";
import { contactLines } from "../outbox";
import type { EntryMailKind } from "./entry-mails";
import type { ClaimRow, EntryRow } from "./rows";
import { payoutAccountMailLines, returnAccountMailLines } from "./mail-accounts";

const claimHeading = (claim: ClaimRow) => `■ 請求書${claim.position} ${claim.obliger_company_name}`;

/** What was submitted: the number of invoices, their face value and the amount asked for. */
function receivedLines(entry: EntryRow, claims: readonly ClaimRow[]): string[] {
  const faceValue = claims.reduce((total, claim) => total + (yenAmount(claim.amount) ?? 0), 0);
  return [
    `請求書 ${claims.length}件（額面合計 ${formatYen(faceValue)}）`,
    `ご希望の買取金額 ${formatYen(entry.purchase_amount_desired)}`,
  ];
}

/** The invoices a review bought and those it declined, each by number and debtor. */
function reviewedLines(claims: readonly ClaimRow[]): string[] {
  const declined = claims.filter((claim) => claim.status === ClaimStatus.cannot_buy);
  const bought = claims.filter((claim) => claim.status === ClaimStatus.can_buy);
  const lines = ["買取できる請求書：", ...bought.map(claimHeading)];
  if (declined.length > 0) {
    lines.push(
      "",
      "買取できない請求書（審査の結果、買取を見送らせていただきます）：",
      ...declined.map(claimHeading),
    );
  }
  return lines;
}

const L = FIGURE_LABELS;

/** One claim's money as the contract page gives it: what is paid, what is returned, and the cost. */
function figureLines(figure: ClaimFigures): string[] {
  return [
    `${L.purchaseAmount} ${formatYen(figure.purchaseAmount)}${figure.ratio ? `（${L.repayment} × 掛目 ${figure.ratio}）` : ""}`,
    `${L.fee} ${formatYen(figure.fee)}${figure.feeRatio ? `（${figure.feeRatio}）` : ""}`,
    `${L.bankCharge} ${formatYen(figure.bankCharge)}`,
    `${L.received} ${formatYen(figure.received)}（${L.purchaseAmount} − ${L.fee} − ${L.bankCharge}）`,
    `${L.repayment} ${formatYen(figure.repayment)}（売掛先からの入金額。全額をご返金いただきます）`,
    costLine(figure),
  ];
}

/** The cost and what makes it, the 掛目's part named. */
const costLine = (figures: ReturnType<typeof figureTotals>) =>
  `${L.cost} ${formatYen(figures.cost)}（${L.repayment} − ${L.received}：${L.marginPart} ${formatYen(figures.marginPart)}・${L.fee} ${formatYen(figures.fee)}・${L.bankCharge} ${formatYen(figures.bankCharge)}）`;

/**
 * The contract as a receipt: the contract and payout dates; per claim bought every figure, the annual
 * rate and the deadline (with why it is later than the debtor's date); the totals; and both accounts
 * apart: the owner's payout account in full (a mistyped account is caught only if all of it is read)
 * and the operator's return account in full.
 */
function contractLines({ entry, claims, brand, profileAccount, now }: MailContext): string[] {
  const today = dateJst(now);
  const bought = claims.filter((claim) => claim.status === ClaimStatus.contracted);
  const calendar = returnDateCalendar(bought, today, entry.contracted_at);
  const payoutDate = payoutDay(entry, now, calendar);
  const lines = [
    `契約日 ${formatJapaneseDate((entry.contracted_at ?? today).slice(0, 10))}`,
    `お振込予定日 ${formatJapaneseDate(payoutDate)}（契約日の翌銀行営業日までにお振り込みします）`,
  ];
  const figures: ClaimFigures[] = [];
  for (const claim of bought) {
    const figure = claimFigures(claim, { payoutDate, calendar });
    const obligation = returnObligation(claim, today, calendar);
    lines.push("", `${claimHeading(claim)}（${claim.code}）`);
    if (figure) {
      figures.push(figure);
      lines.push(...figureLines(figure));
      if (figure.annualRate !== null && figure.days !== null) {
        lines.push(
          `${L.annualRate} 約${figure.annualRate.toFixed(1)}%（お振込日から返金期日までの${figure.days}日で計算）`,
        );
      }
    }
    if (obligation) {
      lines.push(`返金期日 ${formatJapaneseDate(obligation.dueDate)}`);
      if (obligation.note) lines.push(obligation.note);
    }
  }
  if (figures.length > 1) {
    const totals = figureTotals(figures);
    lines.push(
      "",
      `■ 合計（請求書${figures.length}件）`,
      `${L.purchaseAmount} ${formatYen(totals.purchaseAmount)}`,
      `${L.fee} ${formatYen(totals.fee)}`,
      `${L.bankCharge} ${formatYen(totals.bankCharge)}`,
      `${L.received} ${formatYen(totals.received)}`,
      `${L.repayment} ${formatYen(totals.repayment)}`,
      costLine(totals),
    );
  }
  const payoutAccount = payoutAccountMailLines(entry.bank_account, profileAccount, { masked: false });
  lines.push(
    "",
    ...(payoutAccount ?? ["買取代金のお振込先：ご登録のお振込先口座"]),
    "",
    "売掛先から入金がありましたら、請求書ごとの返金期日までに、返金額を次の口座にご返金ください。",
    ...returnAccountMailLines(brand.returnAccount, brand.operatorName),
  );
  return lines;
}

/** The amount paid out (every claim's お受け取り額) and the account it went to. */
function transferredLines(
  entry: EntryRow,
  claims: readonly ClaimRow[],
  profileAccount: string | null,
  now: Date,
) {
  const paid = claims.filter((claim) => claim.status === ClaimStatus.transferred);
  const calendar = returnDateCalendar(paid, dateJst(now), entry.contracted_at, entry.transferred_at);
  const payoutDate = payoutDay(entry, now, calendar);
  const figures = paid
    .map((claim) => claimFigures(claim, { payoutDate, calendar }))
    .filter((figure) => figure !== null);
  const account = payoutAccountMailLines(entry.bank_account, profileAccount, { masked: true });
  return [
    `お振込日 ${formatJapaneseDate(payoutDate)}`,
    `お振込金額 ${formatYen(figureTotals(figures).received)}（請求書${paid.length}件のお受け取り額の合計）`,
    ...paid.map(claimHeading),
    "",
    ...(account ?? ["買取代金のお振込先：ご登録のお振込先口座"]),
  ];
}

/** Each late claim, what it owes and since when, and where to pay it. */
function delayLines(claims: readonly ClaimRow[], lateIds: readonly number[], brand: Brand, now: Date) {
  const today = dateJst(now);
  const calendar = returnDateCalendar(claims, today);
  const lines: string[] = [];
  for (const claim of claims.filter((candidate) => lateIds.includes(candidate.id))) {
    const obligation = returnObligation(claim, today, calendar);
    lines.push("", `${claimHeading(claim)}（${claim.code}）`);
    if (obligation?.amount != null) lines.push(`${FIGURE_LABELS.repayment} ${formatYen(obligation.amount)}`);
    if (obligation) {
      lines.push(`返金期日 ${formatJapaneseDate(obligation.dueDate)}`);
      if (obligation.note) lines.push(obligation.note);
    }
  }
  return [
    ...lines,
    "",
    ...returnAccountMailLines(brand.returnAccount, brand.operatorName),
    "",
    ...contactLines(brand),
  ];
}

/** Each claim whose return was received now, and what is still owed. */
function returnedLines(claims: readonly ClaimRow[], returnedIds: readonly number[], now: Date): string[] {
  const today = dateJst(now);
  const calendar = returnDateCalendar(claims, today);
  const lines: string[] = [];
  for (const claim of claims.filter((candidate) => returnedIds.includes(candidate.id))) {
    const obligation = returnObligation(claim, today, calendar);
    lines.push("", claimHeading(claim));
    if (obligation?.amount != null) lines.push(`${L.repayment} ${formatYen(obligation.amount)}`);
    lines.push(`ご返金確認日 ${formatJapaneseDate(dateJst(new Date(claim.returned_at ?? now)))}`);
  }
  const owed = claims.filter((claim) => {
    const state = returnObligation(claim, today, calendar)?.state;
    return state !== undefined && state !== "returned";
  });
  lines.push(
    "",
    owed.length > 0
      ? `残りのご返金 ${owed.length}件：期日・金額・振込先は、お申し込みの詳細でご確認いただけます。`
      : "このお申し込みのご返金はすべて確認できました。お取引は完了です。",
  );
  return lines;
}

export interface MailContext {
  entry: EntryRow;
  claims: readonly ClaimRow[];
  /** The claims the change concerns (a delay's late claims, a return's returned claims). */
  claimIds: readonly number[];
  brand: Brand;
  profileAccount: string | null;
  now: Date;
}

export function detailLines(kind: EntryMailKind, context: MailContext) {
  const { entry, claims, claimIds, brand, profileAccount, now } = context;
  switch (kind) {
    case "received":
      return ["", ...receivedLines(entry, claims)];
    case "cancelled":
      return ["", `キャンセル日 ${formatJapaneseDate((entry.cancelled_at ?? dateJst(now)).slice(0, 10))}`];
    case "reviewed":
      return ["", ...reviewedLines(claims)];
    case "declined":
      // Not bought: declined by the review, or cancelled by the operator (cancel-claim).
      return [
        "",
        ...claims
          .filter((claim) => claim.status === ClaimStatus.cannot_buy || claim.status === ClaimStatus.cancel)
          .map(claimHeading),
      ];
    case "contracted":
      return ["", ...contractLines(context)];
    case "transferred":
      return ["", ...transferredLines(entry, claims, profileAccount, now)];
    case "delay":
      return delayLines(claims, claimIds, brand, now);
    case "returned":
      return returnedLines(claims, claimIds, now);
    default:
      return [];
  }
}
