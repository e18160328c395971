// After contract the debtor still pays the user, who forwards it by the deadline (§3 Claim). Owed back:
// the purchase principal, else scheduled_deposit_amount_from_obliger, else the face value.

import type { BankCalendar } from "./bank-calendar";
import { japanDayOf } from "./japan-date";
import { daysUntil, yenAmount } from "./purchase-figures";
import { returnDeadline, returnDeadlineNote } from "./return-deadline";
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
  /** The deadline: the contracted return date, moved to the next business day when banks are closed. */
  dueDate: string;
  /** Why the deadline is later than the debtor's payment date; kept while late too. */
  note: string | null;
  amount: number | null;
  /** late: §4 delay, or the deadline has passed. */
  state: "owed" | "soon" | "late" | "returned";
  daysLeft: number | null;
  /** The day the return was received (Japan), once it was. */
  returnedOn: string | null;
}

const OWED_STATUSES: readonly number[] = [ClaimStatus.contracted, ClaimStatus.transferred, ClaimStatus.delay];

export function returnObligation(
  claim: ReturnObligationInput,
  today: string,
  calendar: BankCalendar,
): ReturnObligation | null {
  const owed = OWED_STATUSES.includes(claim.status);
  if (!owed && claim.status !== ClaimStatus.returned) return null;
  const contracted = claim.return_date || claim.obliger_payment_date;
  if (!contracted) return null;
  const dueDate = returnDeadline(contracted, calendar);
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
  // The closed day the deadline was moved from: the debtor's date, or the contracted one.
  const movedFrom = [claim.obliger_payment_date, contracted].find(
    (date) => date && date !== dueDate && returnDeadline(date, calendar) === dueDate,
  );
  return {
    dueDate,
    note: movedFrom ? returnDeadlineNote(movedFrom, calendar) : null,
    amount,
    state,
    daysLeft,
    returnedOn: claim.status === ClaimStatus.returned ? japanDayOf(claim.returned_at) : null,
  };
}
