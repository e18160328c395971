// What the contract page and the agreement show of an entry; pure. Before contract the can_buy claims,
// after it the contracted ones (§4 purchase-amount statuses).

import type { Brand } from "~/brand/brands";
import type { BankCalendar } from "~/domain/bank-calendar";
import { formatJapaneseDate, japanDate } from "~/domain/japan-date";
import {
  type ClaimFigures,
  claimFigures,
  claimFiguresText,
  figureTotalsText,
  payoutDay,
} from "~/domain/purchase-figures";
import { returnDeadline, returnDeadlineNote } from "~/domain/return-deadline";
import { returnObligation } from "~/domain/return-obligation";
import { CLAIM_STATUSES_WITH_PURCHASE_AMOUNT, EntryStatus } from "~/domain/statuses";
import {
  type ContractOwner,
  ContractRefusalMessage,
  type ContractRefusalView,
  contractRefusal as contractRefusalOf,
} from "~/domain/contract-refusal";
import { type CurrentUser, isIndividual } from "~/domain/user";
import { formatYen } from "~/domain/yen";
import type { EntryDetail } from "~/upstream/entries.server";
import { returnAccountLines } from "~/domain/account-lines";
import { entryPaths } from "~/routing/entry-paths";
import type { AgreementValues } from "./legal-texts.server";

/** Why the page offers no contract, in words the user can act on. */
export const ContractMessage = {
  alreadyContracted: "このお申し込みはご契約済みです。契約の内容はお申し込みの詳細でご確認いただけます。",
  notContractable: ContractRefusalMessage.notContractable,
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
 * Why no contract can be made today (already contracted, nothing reviewed to buy, a deadline that cannot
 * be kept, the owner's identity); null when one can. The contract page, its action and the detail page ask this.
 */
export function contractRefusal(
  entry: Pick<EntryDetail, "status" | "claims">,
  user: ContractOwner,
  today: string,
  calendar: BankCalendar,
): ContractRefusalView | null {
  if (CONTRACTED_STATUSES.includes(entry.status))
    return { message: ContractMessage.alreadyContracted, action: null, contact: false };
  const refusal = contractRefusalOf(entry, user, today, calendar);
  if (!refusal) return null;
  return {
    message: refusal.message,
    action:
      refusal.remedy === "profile"
        ? { href: "/profile", label: "プロフィールで本人確認書類を提出する" }
        : null,
    contact: refusal.remedy === "reapply",
  };
}

export function contractView(
  entry: EntryDetail,
  user: CurrentUser,
  now: Date,
  brand: Pick<Brand, "operatorName" | "returnAccount">,
  /** The bank holidays from today to past the claims' dates (japan-holidays.server.ts returnDateCalendar). */
  calendar: BankCalendar,
) {
  const today = japanDate(now);
  const payoutDate = payoutDay(entry, now, calendar);
  const covered = entry.claims
    .map((claim, index) => ({
      claim,
      number: index + 1,
      figures: claimFigures(claim, { payoutDate, calendar }),
    }))
    .filter(
      (item): item is typeof item & { figures: ClaimFigures } =>
        (CLAIM_STATUSES_WITH_PURCHASE_AMOUNT as readonly number[]).includes(item.claim.status) &&
        item.figures !== null,
    );
  const refusal = contractRefusal(entry, user, today, calendar);
  return {
    id: entry.id,
    code: entry.code,
    /** Why no contract can be made now (null when one can). */
    refusal,
    detailPath: entryPaths.detail(entry.id),
    agreementPath: entryPaths.agreement(entry.id),
    seller: sellerName(user),
    buyer: brand.operatorName,
    /** The day the contract was made, or today's date for the one about to be. */
    contractDate: formatJapaneseDate(entry.contracted_at ?? today),
    contracted: entry.contracted_at !== undefined,
    /** The agreement's promise: the next bank business day after the contract's day (or today's). */
    payoutDueDate: formatJapaneseDate(payoutDay({ contracted_at: entry.contracted_at }, now, calendar)),
    /** Where the owner sends what the debtor paid: the operator's account, apart from the owner's own. */
    returnAccount: { operatorName: brand.operatorName, lines: returnAccountLines(brand.returnAccount) },
    claims: covered.map(({ claim, number, figures }) => {
      const obligation = returnObligation(claim, today, calendar);
      const contracted = claim.return_date ?? claim.obliger_payment_date;
      const dueDate = obligation?.dueDate ?? (contracted ? returnDeadline(contracted, calendar) : null);
      return {
        id: claim.id,
        number,
        code: claim.code,
        debtor: claim.obliger_company_name ?? "",
        amount: formatYen(claim.amount),
        paymentDate: claim.obliger_payment_date ? formatJapaneseDate(claim.obliger_payment_date) : "",
        /** The deadline: the debtor's payment date, or the next business day when banks are closed. */
        returnDate: dueDate ? formatJapaneseDate(dueDate) : "",
        returnDateNote:
          obligation?.note ??
          (claim.obliger_payment_date ? returnDeadlineNote(claim.obliger_payment_date, calendar) : null),
        figures: claimFiguresText(figures),
      };
    }),
    totals: figureTotalsText(covered.map((item) => item.figures)),
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
    totalRepayment: view.totals?.repayment ?? null,
    totalMarginPart: view.totals?.marginPart ?? null,
    totalCost: view.totals?.cost ?? null,
    payoutDate: view.payoutDueDate,
    // The account in full inside the article's sentence; the 別表 shows it part by part too.
    returnAccount: view.returnAccount.lines.map(({ label, value }) => `${label} ${value}`).join("、"),
  };
}
