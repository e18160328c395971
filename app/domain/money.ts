// Yen and dates as people type them: convert what a program can convert (REFERENCE.md).

import { isIsoDate } from "./japan-date";
import { ValidationMessage } from "./messages";

export const MAX_YEN = 999_999_999_999;
/** An amount as people type it: MAX_YEN grouped, 円 and a sign or spaces to spare. */
export const AMOUNT_TYPED_MAX_LENGTH = 20;

export type YenProblem = "blank" | "notNumber" | "negative" | "fraction" | "tooSmall" | "tooLarge";

export type YenParseResult = { value: number; reason: null } | { value: null; reason: YenProblem };

const MINUS_SIGNS = /^[-−‐ー]/u;

export function parseYen(input: string | number | null | undefined, min = 0): YenParseResult {
  if (input === null || input === undefined) return { value: null, reason: "blank" };
  if (typeof input === "number") return checkRange(input, min);
  const text = input
    .normalize("NFKC")
    .replace(/[\s,]/g, "")
    .replace(/^[¥\\]/, "")
    .replace(/円$/, "");
  if (text === "") return { value: null, reason: "blank" };
  if (MINUS_SIGNS.test(text) && /^[0-9.]+$/.test(text.slice(1))) return { value: null, reason: "negative" };
  if (/^[0-9]*\.[0-9]+$/.test(text)) {
    return /\.0+$/.test(text) ? checkRange(Number(text), min) : { value: null, reason: "fraction" };
  }
  if (!/^[0-9]+$/.test(text)) return { value: null, reason: "notNumber" };
  if (text.replace(/^0+/, "").length > 12) return { value: null, reason: "tooLarge" };
  return checkRange(Number(text), min);
}

function checkRange(value: number, min: number): YenParseResult {
  if (!Number.isFinite(value)) return { value: null, reason: "notNumber" };
  if (value < 0) return { value: null, reason: "negative" };
  if (!Number.isInteger(value)) return { value: null, reason: "fraction" };
  if (value > MAX_YEN) return { value: null, reason: "tooLarge" };
  if (value < min) return { value: null, reason: "tooSmall" };
  return { value, reason: null };
}

export function yenProblemMessage(reason: YenProblem, min = 0): string {
  switch (reason) {
    case "blank":
      return ValidationMessage.blank;
    case "notNumber":
      return "金額は数字で入力してください（例：1,000,000）。";
    case "negative":
      return "マイナスの金額は入力できません。";
    case "fraction":
      return "1円未満の端数は入力できません。円単位の整数で入力してください。";
    case "tooSmall":
      return `${min.toLocaleString("ja-JP")}円以上で入力してください。`;
    case "tooLarge":
      return `${MAX_YEN.toLocaleString("ja-JP")}円以下で入力してください。`;
  }
}

export function formatYenInput(value: number): string {
  return value.toLocaleString("ja-JP");
}

/** Only digits and commas are regrouped, caret kept, so nothing being typed jumps around. Null: leave it. */
export function regroupYenAsTyped(text: string, caret: number): { text: string; caret: number } | null {
  const normalized = text.normalize("NFKC");
  // NFKC keeps digits and commas one character each; anything else could move the caret.
  if (!/^[0-9,]+$/.test(normalized) || normalized.length !== text.length) return null;
  const digits = normalized.replace(/,/g, "");
  if (digits === "" || digits.length > 12 || (digits.length > 1 && digits.startsWith("0"))) return null;
  const grouped = formatYenInput(Number(digits));
  const digitsBefore = normalized.slice(0, caret).replace(/,/g, "").length;
  let position = 0;
  for (let seen = 0; position < grouped.length && seen < digitsBefore; position += 1) {
    if (grouped[position] !== ",") seen += 1;
  }
  return grouped === text && position === caret ? null : { text: grouped, caret: position };
}

export function formatYenOnLeave(text: string): string {
  const parsed = parseYen(text);
  return parsed.value === null ? text : formatYenInput(parsed.value);
}

export type DateProblem = "blank" | "format" | "impossible";

export type DateParseResult = { value: string; reason: null } | { value: null; reason: DateProblem };

/** Browsers without a date input leave a text box, so "2026/3/1" and full-width digits are accepted. */
export function parseDateInput(input: string | null | undefined): DateParseResult {
  const text = (input ?? "").normalize("NFKC").trim();
  if (text === "") return { value: null, reason: "blank" };
  const match = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
  if (!match) return { value: null, reason: "format" };
  const iso = `${match[1]}-${match[2]!.padStart(2, "0")}-${match[3]!.padStart(2, "0")}`;
  return isIsoDate(iso) ? { value: iso, reason: null } : { value: null, reason: "impossible" };
}

export function dateProblemMessage(reason: DateProblem): string {
  switch (reason) {
    case "blank":
      return ValidationMessage.blank;
    case "format":
      return "日付は「2026/12/31」の形で入力してください。";
    case "impossible":
      return "存在しない日付です。日付をご確認ください。";
  }
}
