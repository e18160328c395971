// After contract: the return obligation of a claim. In two-party factoring the debtor
// is not told of the sale and still pays the user; the user forwards that money to the provider by the
// claim's return_date (§3 Claim: return_date, returned_at). §4 "After contract: contracted,
// transferred, returned, delay": a contracted, transferred or delayed claim is still owed back; a
// returned one is settled. The amount owed back is the part of the invoice that was bought: the
// purchase principal when the review set one, else what the debtor is to pay
// (scheduled_deposit_amount_from_obliger), else the invoice's face value. Pure.

import { daysUntil, yenAmount } from "./purchase-figures";
import { ClaimStatus } from "./statuses";

/** My page and the detail call a return this close "soon": within 7 days. */
export const RETURN_SOON_DAYS = 7;

export interface ReturnObligationInput {
  status: number;
  return_date?: string | null;
  obliger_payment_date?: string | null;
  returned_at?: string | null;
  purchase_principal_amount?: string | number | null;
  scheduled_deposit_amount_from_obliger?: string | number | null;
  amount?: string | number | null;
}

export interface ReturnObligation {
  /** The day the money is due to the provider (YYYY-MM-DD). */
  dueDate: string;
  /** Whole yen; null when the upstream gave no usable amount. */
  amount: number | null;
  /**
   * owed: due later; soon: due within RETURN_SOON_DAYS (or today); late: the claim is delayed (§4 delay)
   * or the date has passed; returned: settled.
   */
  state: "owed" | "soon" | "late" | "returned";
  /** Days from today to the due date (negative once past). */
  daysLeft: number | null;
}

const OWED_STATUSES: readonly number[] = [ClaimStatus.contracted, ClaimStatus.transferred, ClaimStatus.delay];

/** The claim's return obligation once it is contracted; null before a contract or for a claim not bought. */
export function returnObligation(claim: ReturnObligationInput, today: string): ReturnObligation | null {
  const owed = OWED_STATUSES.includes(claim.status);
  if (!owed && claim.status !== ClaimStatus.returned) return null;
  const dueDate = claim.return_date || claim.obliger_payment_date;
  if (!dueDate) return null;
  const amount =
    yenAmount(claim.purchase_principal_amount) ??
    yenAmount(claim.scheduled_deposit_amount_from_obliger) ??
    yenAmount(claim.amount);
  const daysLeft = daysUntil(today, dueDate);
  const state: ReturnObligation["state"] =
    claim.status === ClaimStatus.returned
      ? "returned"
      : claim.status === ClaimStatus.delay || (daysLeft !== null && daysLeft < 0)
        ? "late"
        : daysLeft !== null && daysLeft <= RETURN_SOON_DAYS
          ? "soon"
          : "owed";
  return { dueDate, amount, state, daysLeft };
}
