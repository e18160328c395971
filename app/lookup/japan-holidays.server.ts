// Japanese public holidays from a maintained package (@holiday-jp/holiday_jp, the Cabinet Office's
// list with 振替休日 and 国民の休日, 1970–2050). Server only: its table is 230 KB (13.6 KB gzip), so a
// page is handed just the few holidays of the dates it can ask about (bank-calendar.ts's BankCalendar).

import holidayJp from "@holiday-jp/holiday_jp";
import { type BankCalendar, addDays } from "~/domain/bank-calendar";
import { isIsoDate } from "~/domain/japan-date";
import { lastPaymentDate } from "~/domain/invoice-step";

/** The holidays from `from` to `to` (ISO dates, inclusive), as a BankCalendar. */
export function bankCalendar(from: string, to: string): BankCalendar {
  const table = holidayJp.holidays as Readonly<Record<string, { name: string }>>;
  const holidays: Record<string, string> = {};
  for (const date of Object.keys(table)) {
    if (from <= date && date <= to) holidays[date] = table[date]!.name;
  }
  return { from, to, holidays };
}

/**
 * The calendar a payment date field needs (a dozen or so holidays): from today to the last date it
 * accepts, plus two weeks so the business day after that date (12/31 → 1/4 and the like) is known.
 */
export function paymentDateCalendar(today: string): BankCalendar {
  return bankCalendar(today, addDays(lastPaymentDate(today), 14));
}

/**
 * The calendar a page of return dates needs, for the claims it shows (a claim is due back by its
 * return_date, else the debtor's payment date): from two weeks before the earliest (far enough back
 * for the business day before 1/3 after a weekend, or Golden Week) to the latest. Empty without dates.
 */
export function returnDateCalendar(
  claims: readonly { return_date?: string | null; obliger_payment_date?: string | null }[],
): BankCalendar {
  const days = claims
    .flatMap((claim) => [claim.return_date, claim.obliger_payment_date])
    .filter((date): date is string => typeof date === "string" && isIsoDate(date))
    .sort();
  if (days.length === 0) return { from: "", to: "", holidays: {} };
  return bankCalendar(addDays(days[0]!, -14), days.at(-1)!);
}
