// When money falls due around bank holidays. 民法142条: a deadline on a day banks are closed moves to
// the next business day, so a return is never due before the debtor's money can arrive.

import { type BankCalendar, addDays, bankClosure, closedDayText, nextBankBusinessDay } from "./bank-calendar";
import { formatJapaneseDate } from "./japan-date";

/** The day a return is due when the debtor pays on `date` (past the calendar's reach: the date itself). */
export function returnDeadline(date: string, calendar: BankCalendar): string {
  return nextBankBusinessDay(date, calendar) ?? date;
}

/** Why the deadline is not the debtor's payment date; null when that day is a business day. */
export function returnDeadlineNote(paymentDate: string, calendar: BankCalendar): string | null {
  const reason = bankClosure(paymentDate, calendar);
  if (reason === null) return null;
  const deadline = nextBankBusinessDay(paymentDate, calendar);
  if (deadline === null) return null;
  return `${closedDayText(paymentDate, reason)}は銀行休業日のため、返金期日は翌営業日の${formatJapaneseDate(deadline)}です。`;
}

/** The agreement's promise: the price is paid by the next bank business day after the contract. */
export function payoutDueDate(contractDate: string, calendar: BankCalendar): string {
  const next = addDays(contractDate, 1);
  return nextBankBusinessDay(next, calendar) ?? next;
}

/** Review, contract and payout take this many bank business days at the least. */
export const PAYOUT_LEAD_BUSINESS_DAYS = 3;

/** The earliest day a purchase price asked for today could be paid out. */
export function earliestPayoutDate(today: string, calendar: BankCalendar): string {
  let day = today;
  for (let count = 0; count < PAYOUT_LEAD_BUSINESS_DAYS; count += 1) {
    day = payoutDueDate(day, calendar);
  }
  return day;
}

/** The first payment date whose deadline falls after the earliest payout: any day after it. */
export function earliestPaymentDate(today: string, calendar: BankCalendar): string {
  return addDays(earliestPayoutDate(today, calendar), 1);
}
