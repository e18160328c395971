// "1,000,000円": Intl's JPY style prints the full-width ￥ (REFERENCE.md), so 円 follows the digits.

/** Anything not whole yen is shown as it came, so a surprising value is never silently changed. */
export function formatYen(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const text = String(value).trim();
  const match = /^(-?\d{1,15})(?:\.0*)?$/.exec(text);
  if (!match) return text;
  return `${Number(match[1]).toLocaleString("ja-JP")}円`;
}
