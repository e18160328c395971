// Japanese postcodes and telephone numbers, accepted as people type them (full-width digits, the
// various dashes) and normalised, rather than refused (REFERENCE.md: convert what a program can
// convert). Shared by the app's forms and the reference upstream.

// Hyphen-minus and the dash-like characters people type for it (full-width, long vowel mark …).
const DASHES = /[-‐‑‒–—―−ー－ｰ]/g;

export const ContactFormatMessage = {
  zipcode: "郵便番号は7桁の数字で入力してください（例: 100-0005）。",
  phone: "電話番号は0から始まる10桁または11桁の数字で入力してください（ハイフン可）。",
} as const;

/** "100-0005", "１００－０００５", "1000005" → "1000005"; null when not a 7-digit postcode. */
export function normalizeZipcode(value: string): string | null {
  const text = value.normalize("NFKC").replace(/\s+/g, "").replace(DASHES, "-");
  const match = /^([0-9]{3})-?([0-9]{4})$/.exec(text);
  return match ? `${match[1]}${match[2]}` : null;
}

/** "1000005" → "100-0005" for display. */
export function formatZipcode(value: string): string {
  return /^[0-9]{7}$/.test(value) ? `${value.slice(0, 3)}-${value.slice(3)}` : value;
}

/**
 * A Japanese telephone number: 10 or 11 digits starting with 0, hyphens allowed between digits.
 * Returned half-width with the hyphens as typed ("03-1234-5678"); null when not a number.
 */
export function normalizePhone(value: string): string | null {
  const text = value.normalize("NFKC").replace(/\s+/g, "").replace(DASHES, "-");
  if (!/^0[0-9]*(-[0-9]+)*$/.test(text)) return null;
  const digits = text.replace(/-/g, "").length;
  return digits === 10 || digits === 11 ? text : null;
}
