// Postcodes and phone numbers converted as people type them, not refused (REFERENCE.md).

const DASHES = /[-‐‑‒–—―−ー－ｰ]/g;

export const ContactFormatMessage = {
  zipcode: "郵便番号は7桁の数字で入力してください（例: 100-0005）。",
  phone: "電話番号は0から始まる10桁または11桁の数字で入力してください（ハイフン可）。",
} as const;

export function normalizeZipcode(value: string): string | null {
  const text = value.normalize("NFKC").replace(/\s+/g, "").replace(/^〒/, "").replace(DASHES, "-");
  const match = /^([0-9]{3})-?([0-9]{4})$/.exec(text);
  return match ? `${match[1]}${match[2]}` : null;
}

export function formatZipcode(value: string): string {
  return /^[0-9]{7}$/.test(value) ? `${value.slice(0, 3)}-${value.slice(3)}` : value;
}

/** 10 or 11 digits from 0; 03(1234)5678 and +81 3-1234-5678 are read as the domestic number. */
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
