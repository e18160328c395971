// After contract the debtor still pays the user, who forwards it by return_date (§3 Claim). Owed back:
// the purchase principal, else scheduled_deposit_amount_from_obliger, else the face value.

import { daysUntil, yenAmount } from "./purchase-figures";
import { ClaimStatus } from "./statuses";

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
  dueDate: string;
  amount: number | null;
  /** late: §4 delay, or the date has passed. */
  state: "owed" | "soon" | "late" | "returned";
  daysLeft: number | null;
}

const OWED_STATUSES: readonly number[] = [ClaimStatus.contracted, ClaimStatus.transferred, ClaimStatus.delay];

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
