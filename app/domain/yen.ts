// Amounts of money as a person in Japan reads them: "1,000,000円". REFERENCE.md: Intl's JPY currency
// style prints the full-width ￥, so the digits are grouped by toLocaleString and 円 follows.

/**
 * "1,000,000円" for 1000000, "1000000" or the upstream's decimal string "1000000.00". Anything that is
 * not a whole number of yen is shown as it came, so a surprising value is never silently changed.
 */
export function formatYen(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const text = String(value).trim();
  const match = /^(-?\d{1,15})(?:\.0*)?$/.exec(text);
  if (!match) return text;
  return `${Number(match[1]).toLocaleString("ja-JP")}円`;
}
