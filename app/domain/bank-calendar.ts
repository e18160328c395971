// Banks close on weekends, public holidays and 12/31–1/3 (全国銀行協会). Pure: the holidays come as a
// compact table (app/lookup/japan-holidays.server.ts), so loader and browser run the same rule.

import { formatJapaneseDate } from "./japan-date";

export interface BankCalendar {
  from: string;
  to: string;
  holidays: Readonly<Record<string, string>>;
}

const YEAR_END_HOLIDAY = "年末年始";

const isoParts = (iso: string) => iso.split("-").map(Number) as [number, number, number];
const utc = (iso: string) => {
  const [year, month, day] = isoParts(iso);
  return new Date(Date.UTC(year, month - 1, day));
};

export function addDays(iso: string, days: number): string {
  const date = utc(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function addOneYear(iso: string): string {
  const [year, month, day] = isoParts(iso);
  const lastDay = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  return `${year + 1}-${String(month).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

const covers = (calendar: BankCalendar, iso: string) => calendar.from <= iso && iso <= calendar.to;

/** Why banks are closed on `iso` ("" for a weekend), or null on a business day. */
export function bankClosure(iso: string, calendar: BankCalendar): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || !covers(calendar, iso)) return null;
  return closure(iso, calendar);
}

function closure(iso: string, calendar: BankCalendar): string | null {
  const holiday = calendar.holidays[iso];
  if (holiday) return holiday;
  const monthDay = iso.slice(5);
  if (monthDay === "12-31" || monthDay <= "01-03") return YEAR_END_HOLIDAY;
  const weekday = utc(iso).getUTCDay();
  return weekday === 0 || weekday === 6 ? "" : null;
}

/** Null past the calendar's reach: nothing is said rather than a guess. */
export function nextBankBusinessDay(iso: string, calendar: BankCalendar): string | null {
  // At most 3 days of 年末年始 + a weekend + holidays: two weeks is far more than any closure.
  for (let day = iso, step = 0; step < 14 && covers(calendar, day); day = addDays(day, 1), step += 1) {
    if (closure(day, calendar) === null) return day;
  }
  return null;
}

export function closedDayText(iso: string, reason: string): string {
  return formatJapaneseDate(iso, reason);
}

/** A hint, not an error: the invoice is still paid, a business day later. */
export function bankHolidayNotice(iso: string, calendar: BankCalendar): string | null {
  const reason = bankClosure(iso, calendar);
  if (reason === null) return null;
  const next = nextBankBusinessDay(iso, calendar);
  if (next === null) return null;
  return `${closedDayText(iso, reason)}は銀行休業日のため、入金は翌営業日の${formatJapaneseDate(next)}になる見込みです。ご返金の期日もこの日になります。`;
}
