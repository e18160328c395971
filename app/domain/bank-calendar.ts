// When money actually moves on a date. Japanese banks do not move money on Saturdays, Sundays,
// public holidays (「国民の祝日に関する法律」, with 振替休日 and 国民の休日) and from 31 December to
// 3 January (全国銀行協会: 年末年始の休業日), so a payment date on one of those days is paid on the next
// business day, and money due by one of those days (a return date) must be sent on the business day
// before it. Pure: the public holidays come in as a compact table the server cuts from
// @holiday-jp/holiday_jp (app/lookup/japan-holidays.server.ts), so the same rule runs in the loader
// (without JavaScript) and in the browser (the hint as the date is picked) without shipping the
// package's whole table.

import { formatJapaneseDate, formatJapaneseDateWithWeekday, japaneseWeekday } from "./japan-date";

/** The public holidays between two dates: ISO date → its name (元日, 振替休日…). */
export interface BankCalendar {
  /** The first and last dates the table covers (ISO); outside them nothing is said. */
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

/** `iso` moved by `days` (calendar days, no time zone involved). */
export function addDays(iso: string, days: number): string {
  const date = utc(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The same day a year later; 29 February becomes 28 February. */
export function addOneYear(iso: string): string {
  const [year, month, day] = isoParts(iso);
  const lastDay = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  return `${year + 1}-${String(month).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

/**
 * Why banks are closed on `iso`: the holiday's name, 年末年始 (12/31–1/3), "" for a plain Saturday or
 * Sunday, or null on a business day.
 */
function closure(iso: string, calendar: BankCalendar): string | null {
  const holiday = calendar.holidays[iso];
  if (holiday) return holiday;
  const monthDay = iso.slice(5);
  if (monthDay === "12-31" || monthDay <= "01-03") return YEAR_END_HOLIDAY;
  const weekday = utc(iso).getUTCDay();
  return weekday === 0 || weekday === 6 ? "" : null;
}

const covers = (calendar: BankCalendar, iso: string) => calendar.from <= iso && iso <= calendar.to;

/**
 * The first bank business day on or after `iso`; null when the calendar does not reach it (nothing
 * is then said rather than a guess).
 */
export function nextBankBusinessDay(iso: string, calendar: BankCalendar): string | null {
  // At most 3 days of 年末年始 + a weekend + holidays: two weeks is far more than any closure.
  for (let day = iso, step = 0; step < 14 && covers(calendar, day); day = addDays(day, 1), step += 1) {
    if (closure(day, calendar) === null) return day;
  }
  return null;
}

/**
 * The last bank business day on or before `iso`: the day money due on `iso` must be sent by. Null
 * when the calendar does not reach back to it.
 */
export function previousBankBusinessDay(iso: string, calendar: BankCalendar): string | null {
  for (let day = iso, step = 0; step < 14 && covers(calendar, day); day = addDays(day, -1), step += 1) {
    if (closure(day, calendar) === null) return day;
  }
  return null;
}

/** 「2027年1月1日（金・元日）」: a closed day with why banks are closed on it. */
function closedDay(iso: string, reason: string): string {
  return `${formatJapaneseDate(iso)}（${japaneseWeekday(iso)}${reason ? `・${reason}` : ""}）`;
}

/**
 * The note for a date the user must send money by (a return date) that banks are closed on:
 * 「2026年12月31日（木・年末年始）は銀行休業日のため、前営業日の2026年12月30日（水）までにお振り込みください。」.
 * Null on a business day, or when the calendar does not cover the dates.
 */
export function returnDateNotice(iso: string, calendar: BankCalendar): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || !covers(calendar, iso)) return null;
  const reason = closure(iso, calendar);
  if (reason === null) return null;
  const before = previousBankBusinessDay(iso, calendar);
  if (before === null) return null;
  return `${closedDay(iso, reason)}は銀行休業日のため、前営業日の${formatJapaneseDateWithWeekday(before)}までにお振り込みください。`;
}

/**
 * The hint for a payment date banks are closed on (a hint, not an error: the invoice is still paid,
 * one or more days later): 「2027年1月1日（金・元日）は銀行休業日のため、入金は翌営業日の2027年1月4日（月）に
 * なる見込みです。」. Null on a business day, or when the calendar does not cover the dates.
 */
export function bankHolidayNotice(iso: string, calendar: BankCalendar): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || !covers(calendar, iso)) return null;
  const reason = closure(iso, calendar);
  if (reason === null) return null;
  const next = nextBankBusinessDay(iso, calendar);
  if (next === null) return null;
  return `${closedDay(iso, reason)}は銀行休業日のため、入金は翌営業日の${formatJapaneseDateWithWeekday(next)}になる見込みです。`;
}
