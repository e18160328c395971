// Japanese postcodes and telephone numbers, accepted as people type them (full-width digits, the
// various dashes) and normalised, rather than refused (REFERENCE.md: convert what a program can
// convert). Shared by the app's forms and the reference upstream.

// Hyphen-minus and the dash-like characters people type for it (full-width, long vowel mark …).
const DASHES = /[-‐‑‒–—―−ー－ｰ]/g;

export const ContactFormatMessage = {
  zipcode: "郵便番号は7桁の数字で入力してください（例: 100-0005）。",
  phone: "電話番号は0から始まる10桁または11桁の数字で入力してください（ハイフン可）。",
} as const;

/**
 * "100-0005", "１００－０００５", "1000005", "〒100-0005" → "1000005"; null when not a 7-digit
 * postcode. The postal mark 〒 people write in front is dropped.
 */
export function normalizeZipcode(value: string): string | null {
  const text = value.normalize("NFKC").replace(/\s+/g, "").replace(/^〒/, "").replace(DASHES, "-");
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
 * Also as people write it: the area code in parentheses, 03(1234)5678 or (03)1234-5678,
 * read as hyphens; and the international form +81 3-1234-5678 (or +81 (0)3…), whose +81 stands for
 * the leading 0 of the domestic number.
 */
export function normalizePhone(value: string): string | null {
  const text = value
    .normalize("NFKC")
    .trim()
    .replace(DASHES, "-")
    // +81 stands for the leading 0; "(0)" after it, as some write it, is that 0 again.
    .replace(/^\+81[\s-]*(\(0\)[\s-]*)?/, "0")
    .replace(/^\(/, "")
    // Parentheses and spaces separate like a hyphen, and next to one they are that hyphen.
    .replace(/[\s()]*-[\s()]*|[\s()]+/g, "-");
  if (!/^0[0-9]*(-[0-9]+)*$/.test(text)) return null;
  const digits = text.replace(/-/g, "").length;
  return digits === 10 || digits === 11 ? text : null;
}
