// Public holidays from @holiday-jp/holiday_jp. Its table is 230 KB, so a page gets only the dates it needs.

import holidayJp from "@holiday-jp/holiday_jp";
import { type BankCalendar, addDays } from "~/domain/bank-calendar";
import { isIsoDate } from "~/domain/japan-date";
import { type PaymentDateWindow, lastPaymentDate, paymentDateWindow } from "~/domain/invoice-step";
import { japanDate } from "~/domain/japan-date";

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

/** The payment dates the invoice step accepts on the day `now` falls on in Japan. */
export function paymentDatesOn(now: Date): PaymentDateWindow {
  const today = japanDate(now);
  return paymentDateWindow(today, paymentDateCalendar(today));
}

/**
 * The holidays around an entry's dates: from two weeks before the earliest to two weeks past the
 * latest (the business day after 12/31 or Golden Week). `also`: today, the contract day.
 */
export function returnDateCalendar(
  claims: readonly { return_date?: string | null; obliger_payment_date?: string | null }[],
  ...also: readonly (string | null | undefined)[]
): BankCalendar {
  const days = [...claims.flatMap((claim) => [claim.return_date, claim.obliger_payment_date]), ...also]
    .map((date) => (typeof date === "string" ? date.slice(0, 10) : date))
    .filter((date): date is string => typeof date === "string" && isIsoDate(date))
    .sort();
  if (days.length === 0) return { from: "", to: "", holidays: {} };
  return bankCalendar(addDays(days[0]!, -14), addDays(days.at(-1)!, 14));
}
