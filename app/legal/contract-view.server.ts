// What the contract page and the agreement show of an entry; pure. Before contract the can_buy claims,
// after it the contracted ones (§4 purchase-amount statuses).

import type { Brand } from "~/brand/brands";
import { type BankCalendar, addDays, nextBankBusinessDay, returnDateNotice } from "~/domain/bank-calendar";
import { formatJapaneseDate, formatJapaneseDateWithWeekday, japanDate } from "~/domain/japan-date";
import {
  type ClaimFigures,
  claimFigures,
  feeCountedFrom,
  claimFiguresText,
  figureTotalsText,
  yenAmount,
} from "~/domain/purchase-figures";
import { returnObligation } from "~/domain/return-obligation";
import { CLAIM_STATUSES_WITH_PURCHASE_AMOUNT, EntryStatus, isEntryContractable } from "~/domain/statuses";
import { type CurrentUser, isIndividual } from "~/domain/user";
import { formatYen } from "~/domain/yen";
import type { EntryDetail } from "~/upstream/entries.server";
import { returnAccountText } from "~/domain/account-lines";
import { entryPaths } from "~/routing/entry-paths";
import type { AgreementValues } from "./legal-texts.server";

/** Why the page offers no contract, in words the user can act on. */
export const ContractMessage = {
  alreadyContracted: "このお申し込みはご契約済みです。契約の内容はお申し込みの詳細でご確認いただけます。",
  notContractable:
    "このお申し込みは、いまはご契約いただけません。審査が完了し、買取可能な請求書があるお申し込みのみご契約いただけます。",
  agreementRequired: "契約内容に同意してください。",
} as const;

const CONTRACTED_STATUSES: readonly number[] = [EntryStatus.contracted, EntryStatus.transferred];

/** The person or company who sells the claims: the company name, or the owner's name for a sole proprietor. */
function sellerName(user: CurrentUser): string {
  const person = [user.last_name, user.first_name].filter(Boolean).join(" ");
  if (isIndividual(user)) return person ? `${person}（個人事業主）` : "";
  return [user.company_name, person ? `代表者 ${person}` : ""].filter(Boolean).join("　");
}

/**
 * What the owner returns and what the deal costs them: 返金額 (what the debtor transfers, all of it
 * returned), 掛目による差額 (返金額 − 買取額) and ご負担額 (返金額 − お受け取り額).
 */
function claimCost(
  claim: Pick<
    EntryDetail["claims"][number],
    "purchase_principal_amount" | "scheduled_deposit_amount_from_obliger"
  >,
  figures: ClaimFigures,
) {
  const repayment =
    yenAmount(claim.purchase_principal_amount) ??
    yenAmount(claim.scheduled_deposit_amount_from_obliger) ??
    figures.purchaseAmount;
  return { repayment, marginPart: repayment - figures.purchaseAmount, cost: repayment - figures.received };
}

type ClaimCost = ReturnType<typeof claimCost>;

function costTotalsText(costs: readonly ClaimCost[]) {
  const sum = (pick: (cost: ClaimCost) => number) =>
    formatYen(costs.reduce((total, cost) => total + pick(cost), 0));
  return {
    repayment: sum((cost) => cost.repayment),
    marginPart: sum((cost) => cost.marginPart),
    cost: sum((cost) => cost.cost),
  };
}

/** Why no contract can be made now (already contracted, or nothing reviewed to buy); null when one can. */
export function contractRefusal(entry: Pick<EntryDetail, "status" | "claims">): string | null {
  if (
    isEntryContractable(
      entry.status,
      entry.claims.map((claim) => claim.status),
    )
  )
    return null;
  return CONTRACTED_STATUSES.includes(entry.status)
    ? ContractMessage.alreadyContracted
    : ContractMessage.notContractable;
}

export function contractView(
  entry: EntryDetail,
  user: CurrentUser,
  now: Date,
  brand: Pick<Brand, "operatorName" | "returnAccount">,
  /** The bank holidays around the claims' return dates (japan-holidays.server.ts returnDateCalendar). */
  calendar: BankCalendar,
) {
  const today = japanDate(now);
  const countedFrom = feeCountedFrom(entry.contracted_at, now);
  const covered = entry.claims
    .map((claim, index) => {
      const figures = claimFigures(claim, countedFrom);
      return { claim, number: index + 1, figures, cost: figures && claimCost(claim, figures) };
    })
    .filter(
      (item): item is typeof item & { figures: ClaimFigures; cost: ClaimCost } =>
        (CLAIM_STATUSES_WITH_PURCHASE_AMOUNT as readonly number[]).includes(item.claim.status) &&
        item.figures !== null,
    );
  const refusal = contractRefusal(entry);
  // The agreement: the price is paid by the next bank business day after the contract's day.
  const payoutDate = nextBankBusinessDay(addDays(countedFrom, 1), calendar);
  return {
    id: entry.id,
    code: entry.code,
    /** Why no contract can be made now (null when one can). */
    refusal,
    detailPath: `/entry/detail/${entry.id}`,
    agreementPath: entryPaths.agreement(entry.id),
    seller: sellerName(user),
    buyer: brand.operatorName,
    /** The day the contract was made, or today's date for the one about to be. */
    contractDate: formatJapaneseDate(entry.contracted_at ?? today),
    contracted: entry.contracted_at !== undefined,
    /** The day the price is paid at the latest; empty past the calendar's reach. */
    payoutDate: payoutDate ? formatJapaneseDateWithWeekday(payoutDate) : "",
    returnAccount: returnAccountText(brand.returnAccount),
    claims: covered.map(({ claim, number, figures, cost }) => {
      const obligation = returnObligation(claim, today);
      const dueDate = obligation?.dueDate ?? claim.return_date ?? claim.obliger_payment_date;
      return {
        id: claim.id,
        number,
        code: claim.code,
        debtor: claim.obliger_company_name ?? "",
        amount: formatYen(claim.amount),
        paymentDate: claim.obliger_payment_date
          ? formatJapaneseDateWithWeekday(claim.obliger_payment_date)
          : "",
        /** Before contract the return falls due on the debtor's payment date, as the upstream sets it. */
        returnDate: dueDate ? formatJapaneseDate(dueDate) : "",
        /** While the money is still to send: the business day before a date banks are closed on. */
        returnDateNote:
          dueDate && (!obligation || obligation.state === "owed" || obligation.state === "soon")
            ? returnDateNotice(dueDate, calendar)
            : null,
        figures: claimFiguresText(figures),
        repayment: formatYen(cost.repayment),
        marginPart: formatYen(cost.marginPart),
        cost: formatYen(cost.cost),
      };
    }),
    totals: figureTotalsText(covered.map((item) => item.figures)),
    costTotals: covered.length > 0 ? costTotalsText(covered.map((item) => item.cost)) : null,
  };
}

export type ContractView = ReturnType<typeof contractView>;

/** The agreement's per-entry placeholders (decision 0019): parties, totals, payout day, return account. */
export function agreementValues(view: ContractView): AgreementValues {
  return {
    seller: view.seller || "会員",
    buyer: view.buyer,
    code: view.code,
    totalPurchaseAmount: view.totals?.purchaseAmount ?? null,
    totalFee: view.totals?.fee ?? null,
    totalBankCharge: view.totals?.bankCharge ?? null,
    totalReceived: view.totals?.received ?? null,
    totalRepayment: view.costTotals?.repayment ?? null,
    totalMarginPart: view.costTotals?.marginPart ?? null,
    totalCost: view.costTotals?.cost ?? null,
    payoutDate: view.payoutDate || null,
    returnAccount: view.returnAccount,
  };
}
