// Dates as the user in Japan sees them, whatever zone the server runs in (CI runs in UTC).

const JAPAN_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

export function japanDate(now: Date): string {
  return JAPAN_DATE.format(now);
}

/** A date as given, or a timestamp as the day it fell on in Japan; null for neither. */
export function japanDayOf(value: string | null | undefined): string | null {
  if (!value) return null;
  if (isIsoDate(value)) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : japanDate(new Date(time));
}

export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

const WEEKDAYS = ["日", "月", "火", "水", "木", "金", "土"] as const;

function japaneseWeekday(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
}

/**
 * Every date a person reads, with its weekday: 2026年12月1日（火）; a timestamp as the day it fell on in
 * Japan. `dayNote` joins the weekday (2027年1月1日（金・元日）). What is no date is shown as it came.
 */
export function formatJapaneseDate(value: string, dayNote?: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? (isIsoDate(value) ? value : null) : japanDayOf(value);
  if (!day) return value;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return `${year}年${month}月${date}日（${japaneseWeekday(day)}${dayNote ? `・${dayNote}` : ""}）`;
}

const JAPAN_CLOCK = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Tokyo",
  hour: "numeric",
  minute: "numeric",
  hourCycle: "h23",
});

/** `time` on a clock in Japan, as "9時5分": rounded up to the minute, so "at or after" it is never early. */
export function japanClockTime(time: Date): string {
  const minute = new Date(Math.ceil(time.getTime() / 60_000) * 60_000);
  const parts = JAPAN_CLOCK.formatToParts(minute);
  const part = (type: "hour" | "minute") => Number(parts.find((entry) => entry.type === type)!.value);
  return `${part("hour")}時${part("minute")}分`;
}
