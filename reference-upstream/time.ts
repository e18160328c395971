// Timestamps as a Japan-locale Django writes them: ISO 8601 with the +09:00 offset.

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

export function isoJst(date: Date): string {
  const shifted = new Date(date.getTime() + JST_OFFSET_MS);
  return shifted.toISOString().replace("Z", "+09:00");
}

/** The calendar date in Japan, YYYY-MM-DD. */
export function dateJst(date: Date): string {
  return isoJst(date).slice(0, 10);
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

export function isValidIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}
