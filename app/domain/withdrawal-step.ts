// §2 withdrawal step (/entry/withdrawal_details): the statements, the payout account, their field
// tables (docs/decisions/0030-a-field-declared-once.md) and when the step is complete (§4). Pure.

import {
  BANK_ACCOUNT_FIELD_LABELS,
  HOLDER_NAME_TYPED_MAX_LENGTH,
  formatHolderName,
  isValidBankAccountNumber,
  normalizeBankAccountNumber,
  validateAccountHolderName,
  validateBankAccountNumber,
} from "./bank-account";
import type { DraftBank, DraftBankAccount, PendingFile } from "./draft-entry";
import {
  BANK_ACCOUNT_DEPOSIT_TYPES,
  STATEMENT_FILE_FORMATS,
  STATEMENT_LOOKBACK_MONTHS,
  type StatementFileFormat,
} from "./enumerations";
import { type ConfirmedDocumentFacts, canSkipConfirmedDocuments } from "./financial-step";
import { parseUploadKind } from "./file-kinds";
import {
  DIGITS_ONLY,
  type FieldRow,
  NOT_AUTOFILLED,
  choiceField,
  fieldNames,
  labelsOf,
  textField,
} from "./form-fields";
import { formatJapaneseDate, japanDate, japanDayOf } from "./japan-date";
import { ValidationMessage } from "./messages";

/** Banks a draft may hold (the reference upstream's bound: 登録できる口座は10個までです。). */
export const MAX_STATEMENTS = 10;

export const STATEMENT_UPLOAD_KINDS = [
  "passbook_cover",
  "passbook_details",
  "ib_info",
  "ib_details",
] as const;
export type StatementUploadKind = (typeof STATEMENT_UPLOAD_KINDS)[number];

export const STATEMENT_FORMAT_LABELS: Record<"passbook" | "ib", string> = {
  passbook: "通帳",
  ib: "インターネットバンキング",
};

export const STATEMENT_UPLOAD_LABELS: Record<StatementUploadKind, string> = {
  passbook_cover: "通帳の表紙",
  passbook_details: "入出金のページ",
  ib_info: "口座情報の画面",
  ib_details: "入出金明細の画面",
};

/** §3 "fileFormat (passbook, ib or unknown; unknown treated as passbook)". */
export function effectiveFileFormat(
  format: StatementFileFormat | string | null | undefined,
): "passbook" | "ib" {
  return format === "ib" ? "ib" : "passbook";
}

/** One statement's typed fields; its files are kept apart, in contentfile_relations. */
export const STATEMENT_FIELDS = {
  bank_name: textField(BANK_ACCOUNT_FIELD_LABELS.bank_name),
  bank_account_number: textField(
    BANK_ACCOUNT_FIELD_LABELS.bank_account_number,
    normalizeBankAccountNumber,
    DIGITS_ONLY,
  ),
  file_format: choiceField("入出金明細の形式", STATEMENT_FILE_FORMATS, effectiveFileFormat),
} as const;
export type StatementRow = FieldRow<typeof STATEMENT_FIELDS>;

/** The payout account (§3 Bank account); the holder name is kept formatted as it will be sent (§7). */
export const BANK_ACCOUNT_FIELDS = {
  bank_name: textField(BANK_ACCOUNT_FIELD_LABELS.bank_name),
  branch_name: textField(BANK_ACCOUNT_FIELD_LABELS.branch_name),
  deposit_type: choiceField(
    BANK_ACCOUNT_FIELD_LABELS.deposit_type,
    [...BANK_ACCOUNT_DEPOSIT_TYPES, ""],
    (text) => (text === "ordinary" || text === "checking" ? text : null),
  ),
  bank_account_number: textField(
    BANK_ACCOUNT_FIELD_LABELS.bank_account_number,
    normalizeBankAccountNumber,
    DIGITS_ONLY,
  ),
  account_holder_name: textField(
    BANK_ACCOUNT_FIELD_LABELS.account_holder_name,
    (text) => (text ? formatHolderName(text) : ""),
    NOT_AUTOFILLED,
    { maxLength: HOLDER_NAME_TYPED_MAX_LENGTH },
  ),
} as const;
export type BankAccountRow = FieldRow<typeof BANK_ACCOUNT_FIELDS>;

const STATEMENT_LABELS: Record<string, string> = {
  ...labelsOf(STATEMENT_FIELDS),
  uploads: "入出金明細のアップロード",
};
const BANK_ACCOUNT_LABELS: Record<string, string> = labelsOf(BANK_ACCOUNT_FIELDS);

/** The error summary's words for a field of the step: 「口座2の口座番号」, 「お振込先の支店名」. */
export function withdrawalSummaryLabel(name: string): string | null {
  const statement = /^banks\[(\d+)\]\.(\w+)$/.exec(name);
  if (statement) return `口座${Number(statement[1]) + 1}の${STATEMENT_LABELS[statement[2]!] ?? ""}`;
  const account = /^bank_account\.(\w+)$/.exec(name);
  if (account) return `お振込先の${BANK_ACCOUNT_LABELS[account[1]!] ?? ""}`;
  return null;
}

export function statementUploadKinds(format: StatementFileFormat | string | null | undefined) {
  return effectiveFileFormat(format) === "ib"
    ? (["ib_info", "ib_details"] as const)
    : (["passbook_cover", "passbook_details"] as const);
}

export function statementUploadKind(base: StatementUploadKind, displayId: number): string {
  return `${base}-${displayId}`;
}

export function statementFilesOf(
  bank: Pick<DraftBank, "contentfile_relations">,
  base: StatementUploadKind,
  files: readonly PendingFile[],
): PendingFile[] {
  const related = new Set(bank.contentfile_relations ?? []);
  return files.filter(
    (file) => related.has(file.id) && file.error !== true && parseUploadKind(file.kind)?.base === base,
  );
}

/** §4 "An account activity statement is satisfied when" both uploads of its format are there. */
export function statementSatisfied(
  bank: Pick<DraftBank, "file_format" | "contentfile_relations">,
  files: readonly PendingFile[],
): boolean {
  return statementUploadKinds(bank.file_format).every(
    (base) => statementFilesOf(bank, base, files).length > 0,
  );
}

const filled = (value: string | null | undefined) => (value ?? "").trim() !== "";

export function entryRequirementsMet(banks: readonly DraftBank[], files: readonly PendingFile[]): boolean {
  return (
    banks.length > 0 &&
    banks.every(
      (bank) =>
        filled(bank.bank_name) &&
        isValidBankAccountNumber(bank.bank_account_number ?? "") &&
        statementSatisfied(bank, files),
    )
  );
}

export const WithdrawalStepMessage = {
  noStatements: "入出金明細を1つ以上登録してください。",
  tooManyStatements: `登録できる口座は${MAX_STATEMENTS}個までです。`,
  uploadsRequired: (format: DraftBank["file_format"]) => {
    const [first, second] = statementUploadKinds(format);
    return `${STATEMENT_UPLOAD_LABELS[first]}と${STATEMENT_UPLOAD_LABELS[second]}をアップロードしてください。`;
  },
} as const;

export const statementField = (index: number, field: keyof typeof STATEMENT_FIELDS | "uploads") =>
  `banks[${index}].${field}`;
export const bankAccountField = (field: keyof typeof BANK_ACCOUNT_FIELDS) => `bank_account.${field}`;

export function statementProblems(
  bank: DraftBank,
  index: number,
  files: readonly PendingFile[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  const number = bank.bank_account_number ?? "";
  if (!filled(bank.bank_name)) problems[statementField(index, "bank_name")] = ValidationMessage.blank;
  if (!filled(number)) problems[statementField(index, "bank_account_number")] = ValidationMessage.blank;
  else {
    const message = validateBankAccountNumber(number, bank.bank_name);
    if (message) problems[statementField(index, "bank_account_number")] = message;
  }
  if (!statementSatisfied(bank, files)) {
    problems[statementField(index, "uploads")] = WithdrawalStepMessage.uploadsRequired(bank.file_format);
  }
  return problems;
}

/** §5 rules of the payout bank account; the holder name is checked after formatHolderName. */
export function bankAccountProblems(account: DraftBankAccount | null | undefined): Record<string, string> {
  const problems: Record<string, string> = {};
  const value = account ?? {};
  for (const field of ["bank_name", "branch_name"] as const) {
    if (!filled(value[field])) problems[field] = ValidationMessage.blank;
  }
  if (!(BANK_ACCOUNT_DEPOSIT_TYPES as readonly string[]).includes(value.deposit_type ?? "")) {
    // Read here, not in WithdrawalStepMessage: the browser build would keep all of messages.ts.
    problems.deposit_type = ValidationMessage.claimDepositType;
  }
  const number = value.bank_account_number ?? "";
  if (!filled(number)) problems.bank_account_number = ValidationMessage.blank;
  else {
    const message = validateBankAccountNumber(number, value.bank_name);
    if (message) problems.bank_account_number = message;
  }
  const holder = value.account_holder_name ?? "";
  if (!filled(holder)) problems.account_holder_name = ValidationMessage.blank;
  else {
    const message = validateAccountHolderName(formatHolderName(holder));
    if (message) problems.account_holder_name = message;
  }
  return problems;
}

export function withdrawalStepProblems(
  banks: readonly DraftBank[],
  bankAccount: DraftBankAccount | null | undefined,
  files: readonly PendingFile[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (banks.length === 0) problems.banks = WithdrawalStepMessage.noStatements;
  banks.forEach((bank, index) => Object.assign(problems, statementProblems(bank, index, files)));
  for (const [field, message] of Object.entries(bankAccountProblems(bankAccount))) {
    problems[bankAccountField(field as keyof typeof BANK_ACCOUNT_FIELDS)] = message;
  }
  return problems;
}

/** §4 "Withdrawal step is complete if entry requirements and bank account are satisfied, or …". */
export function isWithdrawalStepComplete(
  banks: readonly DraftBank[],
  bankAccount: DraftBankAccount | null | undefined,
  files: readonly PendingFile[],
  facts: ConfirmedDocumentFacts,
): boolean {
  const ownRequirements =
    entryRequirementsMet(banks, files) && Object.keys(bankAccountProblems(bankAccount)).length === 0;
  return ownRequirements || canSkipConfirmedDocuments(facts);
}

/** Calendar months added to a "YYYY-MM-DD", the day kept within the month (05-31 − 3 months → 02-28). */
function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const newYear = Math.floor(index / 12);
  const newMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(newYear, newMonth, 0)).getUTCDate();
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(newYear, 4)}-${pad(newMonth)}-${pad(Math.min(day, lastDay))}`;
}

/** §4 "Needed withdrawals-detail start date"; a future date cannot start statements, so reads as absent. */
export function neededWithdrawalsDetailStartDate(lastDate: string | null | undefined, now: Date): string {
  const today = japanDate(now);
  const fallback = `${addMonths(today, -STATEMENT_LOOKBACK_MONTHS).slice(0, 7)}-01`;
  const last = japanDayOf(lastDate);
  if (last && last >= addMonths(today, -STATEMENT_LOOKBACK_MONTHS) && last <= today) return last;
  return fallback;
}

/** The months a statement shows, from §4's start date to the day the entry is sent. */
export function statementPeriodText(lastDate: string | null | undefined, now: Date): string {
  return `${formatJapaneseDate(neededWithdrawalsDetailStartDate(lastDate, now))}から本日までの入出金`;
}

export function hasNoPayoutAccount(account: DraftBankAccount | null | undefined): boolean {
  return !account || fieldNames(BANK_ACCOUNT_FIELDS).every((field) => !filled(account[field]));
}

/** The draft's account, else the profile's to check: nobody types the same account a third time. */
export function payoutAccountToShow(
  draft: DraftBankAccount | null | undefined,
  profile: DraftBankAccount | null | undefined,
): DraftBankAccount | null {
  if (!hasNoPayoutAccount(draft)) return draft ?? null;
  return profile && !hasNoPayoutAccount(profile) ? { ...profile } : (draft ?? null);
}
