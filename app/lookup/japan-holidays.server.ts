// Public holidays from @holiday-jp/holiday_jp. Its table is 230 KB, so a page gets only the dates it needs.

import holidayJp from "@holiday-jp/holiday_jp";
import { type BankCalendar, addDays } from "~/domain/bank-calendar";
import { isIsoDate } from "~/domain/japan-date";
import { lastPaymentDate } from "~/domain/invoice-step";

export function bankCalendar(from: string, to: string): BankCalendar {
  const table = holidayJp.holidays as Readonly<Record<string, { name: string }>>;
  const holidays: Record<string, string> = {};
  for (const date of Object.keys(table)) {
    if (from <= date && date <= to) holidays[date] = table[date]!.name;
  }
  return { from, to, holidays };
}

/** Plus two weeks, so the business day after the last date (12/31 → 1/4) is known. */
export function paymentDateCalendar(today: string): BankCalendar {
  return bankCalendar(today, addDays(lastPaymentDate(today), 14));
}

/**
 * From two weeks before the earliest date (the business day before 1/3 or Golden Week) to the latest;
 * `today` (the contract's day) among them, so the payout's next business day is known.
 */
export function returnDateCalendar(
  claims: readonly { return_date?: string | null; obliger_payment_date?: string | null }[],
  today?: string,
): BankCalendar {
  const days = [...claims.flatMap((claim) => [claim.return_date, claim.obliger_payment_date]), today]
    .filter((date): date is string => typeof date === "string" && isIsoDate(date))
    .sort();
  if (days.length === 0) return { from: "", to: "", holidays: {} };
  return bankCalendar(addDays(days[0]!, -14), days.at(-1)!);
}
