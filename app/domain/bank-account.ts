// §5 bank-account rules shared by the app and the reference upstream: the 7-digit account number,
// the account holder name, and the "formatted holder name" (§3, §7) that is what gets stored.

import { ACCOUNT_HOLDER_NAME_MAX_LENGTH, BANK_ACCOUNT_NUMBER_LENGTH } from "./enumerations";
import { ValidationMessage } from "./messages";

/**
 * An account number as people type it, made what it means (REFERENCE.md: convert, do not refuse):
 * full-width digits become half-width (NFKC) and spaces and hyphens (any dash a Japanese keyboard
 * gives) go. Nothing else changes: 8 digits stay 8 digits, so §5's rule refuses them with its message
 * instead of a cut value being saved.
 */
export function normalizeBankAccountNumber(value: string): string {
  return value.normalize("NFKC").replace(/[\s\-‐‑‒–—―−ー]/g, "");
}

/**
 * §3 Bank account deposit_type in words (the profile's and the withdrawal step's payout account). Here
 * with the account's rules, not with the profile's labels: the withdrawal step would download those.
 */
export const BANK_ACCOUNT_DEPOSIT_TYPE_LABELS = { ordinary: "普通", checking: "当座" } as const;

/** A bank account's fields in words, the same on every form that asks for one. */
export const BANK_ACCOUNT_FIELD_LABELS = {
  bank_name: "金融機関名",
  branch_name: "支店名",
  deposit_type: "預金種目",
  bank_account_number: "口座番号",
  account_holder_name: "口座名義（カナ）",
} as const;

/** The limit stated beside every account-number field (the same words everywhere). */
export const BANK_ACCOUNT_NUMBER_HINT =
  "7桁の数字です（例: 1234567）。全角数字やハイフン・スペースは自動で直して保存します。";

/** §5 "Bank account number: exactly 7 half-width digits." Checked after normalizeBankAccountNumber. */
export function isValidBankAccountNumber(value: string): boolean {
  // Built here, not at module level, so pages that only show the hint do not carry it (see invoice-step).
  return new RegExp(`^[0-9]{${BANK_ACCOUNT_NUMBER_LENGTH}}$`).test(value);
}

/** The §5 message for an invalid account number, or null when it is valid. */
export function validateBankAccountNumber(value: string): string | null {
  return isValidBankAccountNumber(value) ? null : ValidationMessage.bankAccountNumber;
}

/** §5 "the marks ゛゜ﾞﾟ（）「」／ー．￥". */
const HOLDER_NAME_MARKS = "゛゜ﾞﾟ（）「」／ー．￥";
const FULL_WIDTH_SPACE = "\u3000";

// §5: katakana ァ..ヱ (U+30A1..U+30F1) and ン..ヴ (U+30F3..U+30F4), so ヲ (U+30F2) is left out;
// full-width digits and letters; the marks; the full-width space.
const HOLDER_NAME_PATTERN =
  /^[\u30A1-\u30F1\u30F3\u30F4\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A゛゜ﾞﾟ（）「」／ー．￥\u3000]+$/u;

/**
 * §5 account holder name: only the allowed characters, at most 30 characters, and at least one
 * character once the marks are removed. A name of full-width spaces only is treated like a name of
 * marks only (nothing a bank could transmit as a name), so spaces are removed along with the marks.
 */
export function isValidAccountHolderName(value: string): boolean {
  if (!HOLDER_NAME_PATTERN.test(value)) return false;
  if ([...value].length > ACCOUNT_HOLDER_NAME_MAX_LENGTH) return false;
  return value.replace(new RegExp(`[${HOLDER_NAME_MARKS}${FULL_WIDTH_SPACE}]`, "gu"), "").length > 0;
}

/** The §5 message for an invalid holder name, or null when it is valid. */
export function validateAccountHolderName(value: string): string | null {
  return isValidAccountHolderName(value) ? null : ValidationMessage.accountHolderName;
}

// Half-width katakana U+FF66..U+FF9D in code-point order, as their full-width forms.
const HALF_WIDTH_KATAKANA =
  "ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン";
const HALF_WIDTH_KATAKANA_START = 0xff66;

/** ASCII and half-width marks a person types for the §5 marks. */
const MARK_EQUIVALENTS: Record<string, string> = {
  " ": FULL_WIDTH_SPACE,
  "(": "（",
  ")": "）",
  "/": "／",
  ".": "．",
  "-": "ー",
  "－": "ー",
  ｰ: "ー",
  "\\": "￥",
  "¥": "￥",
  "｢": "「",
  "｣": "」",
};

const COMBINING_VOICED = "\u3099";
const COMBINING_SEMI_VOICED = "\u309A";

/**
 * The "formatted holder name" (§3 obliger_accounts, §7 "claims' holder names filled from formatted
 * names"): what a person typed, converted to the full-width form §5 accepts, so that converting is
 * preferred to refusing (REFERENCE.md, Japanese data rules).
 *
 * Not NFKC: NFKC turns full-width letters and digits half-width (which §5 refuses) and ﾞﾟ into
 * combining marks. Instead, in order:
 * 1. trim (including the full-width space);
 * 2. half-width katakana to full-width, a following ﾞ/ﾟ (or ゛/゜) composed onto it (ｶﾞ → ガ,
 *    ｳﾞ → ヴ, ﾊﾟ → パ); a mark that composes into nothing §5 accepts becomes the full-width ゛/゜;
 * 3. hiragana to katakana (やまだ → ヤマダ; を becomes ヲ, which §5 still refuses);
 * 4. half-width letters and digits to full-width, the half-width space to the full-width space, and
 *    ( ) / . - \ ¥ ｢ ｣ ｰ to （ ）／ ． ー ￥ 「 」 ー.
 * Small kana stay small and letters keep their case: §5 accepts both, and changing them would
 * change the name. Anything else is left as it is for the §5 check to refuse.
 */
export function formatHolderName(value: string): string {
  const out: string[] = [];
  for (const char of value.trim()) {
    const code = char.codePointAt(0)!;
    if (code >= HALF_WIDTH_KATAKANA_START && code < HALF_WIDTH_KATAKANA_START + HALF_WIDTH_KATAKANA.length) {
      out.push(HALF_WIDTH_KATAKANA[code - HALF_WIDTH_KATAKANA_START]!);
    } else if (char === "ﾞ" || char === "゛") {
      out.push(composeOrMark(out.pop(), COMBINING_VOICED, "゛"));
    } else if (char === "ﾟ" || char === "゜") {
      out.push(composeOrMark(out.pop(), COMBINING_SEMI_VOICED, "゜"));
    } else if (code >= 0x3041 && code <= 0x3096) {
      out.push(String.fromCodePoint(code + 0x60));
    } else if (/^[0-9A-Za-z]$/.test(char)) {
      out.push(String.fromCodePoint(code + 0xfee0));
    } else {
      out.push(MARK_EQUIVALENTS[char] ?? char);
    }
  }
  return out.join("");
}

/**
 * カ + ﾞ gives ガ; a mark that composes into nothing §5 accepts (after ア, or ワ → ヷ, which §5 does
 * not list) stays a separate full-width mark, which §5 accepts.
 */
function composeOrMark(previous: string | undefined, combining: string, spacing: string): string {
  if (previous === undefined) return spacing;
  const composed = (previous + combining).normalize("NFC");
  if (
    [...composed].length === 1 &&
    HOLDER_NAME_PATTERN.test(composed) &&
    !HOLDER_NAME_MARKS.includes(composed)
  ) {
    return composed;
  }
  return previous + spacing;
}
