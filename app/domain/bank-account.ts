// §5 bank-account rules, shared by the app and the reference upstream.

import { ACCOUNT_HOLDER_NAME_MAX_LENGTH, BANK_ACCOUNT_NUMBER_LENGTH } from "./enumerations";
import { ValidationMessage } from "./messages";

/** Convert, do not refuse (REFERENCE.md); a wrong length is kept for §5 to refuse, never cut. */
export function normalizeBankAccountNumber(value: string): string {
  return value.normalize("NFKC").replace(/[\s\-‐‑‒–—―−ー]/g, "");
}

export const BANK_ACCOUNT_DEPOSIT_TYPE_LABELS = { ordinary: "普通", checking: "当座" } as const;

/** A bank account's fields in words, the same on every form that asks for one. */
export const BANK_ACCOUNT_FIELD_LABELS = {
  bank_name: "金融機関名",
  branch_name: "支店名",
  deposit_type: "預金種目",
  bank_account_number: "口座番号",
  account_holder_name: "口座名義（カナ）",
} as const;

/** As typed: half-width kana carry ﾞ and ﾟ apart, so 30 once joined (formatHolderName) may be 60. */
export const HOLDER_NAME_TYPED_MAX_LENGTH = ACCOUNT_HOLDER_NAME_MAX_LENGTH * 2;

export const BANK_ACCOUNT_NUMBER_HINT =
  "7桁の数字です（例: 1234567）。全角数字やハイフン・スペースは自動で直して保存します。";

export function isValidBankAccountNumber(value: string): boolean {
  // Built here, not at module level, so pages that only show the hint do not carry it (see invoice-step).
  return new RegExp(`^[0-9]{${BANK_ACCOUNT_NUMBER_LENGTH}}$`).test(value);
}

/**
 * ゆうちょ銀行 (金融機関コード 9900) as an owner writes it: ゆうちょ, ゆうちょ銀行, ユウチョ, JP BANK; by name, as
 * every form holds the bank by its name only.
 */
export function isYuchoBankName(name: string | null | undefined): boolean {
  const plain = (name ?? "")
    .normalize("NFKC")
    .replace(/\s/g, "")
    .replace(/[\u30A1-\u30F6]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) - 0x60))
    .toLowerCase()
    .replace(/(銀行|ぎんこう)$/, "");
  return ["ゆうちょ", "ゆうちよ", "jpbank", "jpばんく"].includes(plain);
}

/** ゆうちょ's passbook number (記号 5 digits, 番号 8) is not what a transfer takes: its 振込用 number is 7 digits. */
export const YUCHO_ACCOUNT_NUMBER_MESSAGE =
  "ゆうちょ銀行の記号・番号ではなく、振込用の店名（漢数字3桁）と口座番号（7桁）をご入力ください。通帳の見開き、またはゆうちょ銀行のホームページの変換ツールで確認できます。";

/** The 番号 (8 digits) or 記号と番号 (13) of a ゆうちょ passbook, hyphens or spaces as typed. */
function looksLikeYuchoKigouBangou(value: string): boolean {
  return /^(1[0-9]{4})?[0-9]{8}$/.test(normalizeBankAccountNumber(value));
}

/**
 * §5 7 digits; for ゆうちょ銀行 a 記号・番号 typed instead gets what to type and where to find it. The bank's
 * name is the one the same form holds (the statement's, the payout account's).
 */
export function validateBankAccountNumber(value: string, bankName?: string | null): string | null {
  if (isValidBankAccountNumber(value)) return null;
  return isYuchoBankName(bankName) && looksLikeYuchoKigouBangou(value)
    ? YUCHO_ACCOUNT_NUMBER_MESSAGE
    : ValidationMessage.bankAccountNumber;
}

const HOLDER_NAME_MARKS = "゛゜ﾞﾟ（）「」／ー．￥";
const FULL_WIDTH_SPACE = "\u3000";

// §5: ァ..ヱ and ン..ヴ (so not ヲ), full-width digits and letters, the marks, the full-width space.
const HOLDER_NAME_PATTERN =
  /^[\u30A1-\u30F1\u30F3\u30F4\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A゛゜ﾞﾟ（）「」／ー．￥\u3000]+$/u;

/** A name of marks or full-width spaces only is refused: nothing a bank could send as a name. */
export function isValidAccountHolderName(value: string): boolean {
  if (!HOLDER_NAME_PATTERN.test(value)) return false;
  if ([...value].length > ACCOUNT_HOLDER_NAME_MAX_LENGTH) return false;
  return value.replace(new RegExp(`[${HOLDER_NAME_MARKS}${FULL_WIDTH_SPACE}]`, "gu"), "").length > 0;
}

export function validateAccountHolderName(value: string): string | null {
  return isValidAccountHolderName(value) ? null : ValidationMessage.accountHolderName;
}

const HALF_WIDTH_KATAKANA =
  "ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン";
const HALF_WIDTH_KATAKANA_START = 0xff66;

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

// §3/§7 formatted holder name: what was typed, made the full-width form §5 accepts. Not NFKC, which
// makes letters and digits half-width. Small kana and letter case stay: changing them changes the name.
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
