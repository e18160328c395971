// §5 invoice step rules, keyed by the form's field paths (the draft's shape, "claims[0].amount"), and
// the step's field tables (docs/decisions/0030-a-field-declared-once.md). Pure.

import {
  BANK_ACCOUNT_FIELD_LABELS,
  formatHolderName,
  validateBankAccountNumber,
  normalizeBankAccountNumber,
  validateAccountHolderName,
} from "./bank-account";
import { type BankCalendar, addOneYear, bankHolidayNotice } from "./bank-calendar";
import { PAYOUT_LEAD_BUSINESS_DAYS, earliestPaymentDate } from "./return-deadline";
import type { DraftClaim, DraftEntry, PendingFile } from "./draft-entry";
import { CLAIM_DEPOSIT_TYPES, type ClaimDepositType, MAX_CLAIMS_PER_ENTRY } from "./enumerations";
import { parseUploadKind } from "./file-kinds";
import {
  type AmountFieldSpec,
  DIGITS_ONLY,
  NOT_AUTOFILLED,
  type TextRow,
  choiceField,
  flagField,
  labelsOf,
  textField,
} from "./form-fields";
import { isValidHoujinbangou } from "./houjinbangou";
import { formatJapaneseDate } from "./japan-date";
import { ValidationMessage } from "./messages";
import { dateProblemMessage, formatYenInput, parseDateInput, parseYen, yenProblemMessage } from "./money";

/** The upstream's limits (docs/upstream-api/entries.md): purpose ≤ 1000, names and addresses ≤ 255. */
export const PURPOSE_MAX_LENGTH = 1000;
export const CLAIM_TEXT_MAX_LENGTH = 255;

export const InvoiceStepMessage = {
  chooseYesNo: "「はい」か「いいえ」を選択してください。",
  houjinbangouFormat: "法人番号は13桁の数字で入力してください。",
  houjinbangouCheckDigit: "法人番号が正しくありません。13桁の番号をご確認ください。",
  paymentDatePast: "入金予定日が過ぎています。今日以降の日付を入力してください。",
  paymentDateTooSoon: (earliest: string) =>
    `入金予定日は${formatJapaneseDate(earliest)}以降の日付を入力してください。審査からご契約、買取代金のお振込まで最短${PAYOUT_LEAD_BUSINESS_DAYS}営業日かかり、ご返金の期日（入金予定日。銀行休業日なら翌営業日）はお振込より後でなければならないためです。`,
  paymentDateTooFar: (lastDate: string) =>
    `入金予定日は1年以内の日付を入力してください（${formatJapaneseDate(lastDate)}まで）。`,
  desiredAboveDeposits: (deposits: string) =>
    `希望買取額が、売掛先からの銀行振込金額の合計（${deposits}）を上回っています。買取額は振込金額の合計をもとに審査で決まりますので、金額をご確認ください。`,
  tooLong: (max: number) => `${max.toLocaleString("ja-JP")}文字以内で入力してください。`,
  /** §5 gives no words for an entry without an invoice file; 請求書がありません。 is for no claim. */
  noInvoiceFile: "請求書のファイルを1つ以上アップロードしてください。",
} as const;

/** A valid amount is stored as its number; anything else as typed, so the person sees it again. */
const amountField = (label: string, min: number): AmountFieldSpec => ({
  label,
  kind: "amount",
  read: (text) => (text === "" ? null : (parseYen(text, min).value ?? text)),
  show: (stored) => (typeof stored === "number" ? formatYenInput(stored) : stored),
});

/** The step's own fields (docs/decisions/0030-a-field-declared-once.md); claims are CLAIM_FIELDS. */
export const INVOICE_FIELDS = {
  purchase_amount_desired: amountField("希望買取額（円）", 1),
  purpose: textField("資金使途"),
} as const;

/** What a claim says of its invoice; a resubmission asks these again. */
export const CLAIM_FIELDS = {
  obliger_company_name: textField("売掛先の会社名"),
  houjinbangou: textField(
    "売掛先の法人番号",
    (text) => {
      const digits = normalizeHoujinbangouInput(text);
      return /^[0-9]{13}$/.test(digits) ? digits : text;
    },
    DIGITS_ONLY,
    { maxLength: 20 },
  ),
  houjinbangou_address: textField("売掛先の所在地"),
  amount: amountField("請求書額面（税込・円）", 1),
  scheduled_deposit_amount_from_obliger: amountField("売掛先からの銀行振込金額（円）", 0),
  obliger_payment_date: textField(
    "入金予定日（支払期日）",
    (text) => parseDateInput(text).value ?? text,
    NOT_AUTOFILLED,
    { maxLength: 10 },
  ),
  is_fixed_debt: flagField("納品やサービスの提供は完了し、請求金額は確定していますか"),
  is_bank_transfer_from_obliger: flagField("売掛先から銀行振込で支払われますか"),
} as const;

/** The claim's receive-payment account; its holder names are a list of their own. */
export const RECEIVE_ACCOUNT_FIELDS = {
  bank_name: textField(BANK_ACCOUNT_FIELD_LABELS.bank_name),
  deposit_type: choiceField(
    BANK_ACCOUNT_FIELD_LABELS.deposit_type,
    [...CLAIM_DEPOSIT_TYPES, ""],
    (text): ClaimDepositType | null =>
      (CLAIM_DEPOSIT_TYPES as readonly string[]).includes(text) ? (text as ClaimDepositType) : null,
  ),
  // Full-width digits, spaces and hyphens are converted rather than refused (REFERENCE.md).
  bank_account_number: textField(
    BANK_ACCOUNT_FIELD_LABELS.bank_account_number,
    normalizeBankAccountNumber,
    DIGITS_ONLY,
  ),
} as const;

export type ClaimFormValues = TextRow<typeof CLAIM_FIELDS> & {
  receive_payment_account: TextRow<typeof RECEIVE_ACCOUNT_FIELDS> & {
    obliger_accounts: { holder_name: string }[];
  };
};

export const CLAIM_FIELD_LABELS: Readonly<Record<string, string>> = {
  ...labelsOf(CLAIM_FIELDS),
  ...Object.fromEntries(
    Object.entries(labelsOf(RECEIVE_ACCOUNT_FIELDS)).map(([name, label]) => [
      `receive_payment_account.${name}`,
      label,
    ]),
  ),
  invoice: "請求書ファイル",
};

export const INVOICE_FILE_FIELD = "claims[0].invoice";

/** The last payment date accepted: the same day a year from today (Japan). */
export function lastPaymentDate(today: string): string {
  return addOneYear(today);
}

/** The payment dates accepted today: from the first whose deadline falls after the earliest payout. */
export interface PaymentDateWindow {
  today: string;
  earliest: string;
  last: string;
}

export function paymentDateWindow(today: string, calendar: BankCalendar): PaymentDateWindow {
  return { today, earliest: earliestPaymentDate(today, calendar), last: lastPaymentDate(today) };
}

/** The limits, said next to the input (the calendar starts today, paymentDateCalendar). */
export function paymentDateHint(calendar: BankCalendar): string {
  const { earliest, last } = paymentDateWindow(calendar.from, calendar);
  return `売掛先から入金される予定の日です（例：2026/12/31）。${formatJapaneseDate(earliest)}から${formatJapaneseDate(last)}までの日付を入力できます（審査からお振込まで最短${PAYOUT_LEAD_BUSINESS_DAYS}営業日かかるため）。`;
}

/** For an accepted date banks are closed on, when the money will arrive instead. */
export function paymentDateNotice(input: string, calendar: BankCalendar): string | null {
  const date = parseDateInput(input).value;
  if (date === null || date < calendar.from || date > lastPaymentDate(calendar.from)) return null;
  return bankHolidayNotice(date, calendar);
}

const isBlank = (value: unknown) => value === null || value === undefined || String(value).trim() === "";
const length = (value: string) => [...value].length;

/** Full-width digits, hyphens, spaces and an invoice number's "T" are forgiven (REFERENCE.md). */
export function normalizeHoujinbangouInput(value: string): string {
  return value
    .normalize("NFKC")
    .replace(/[\s\-‐−ー]/gu, "")
    .replace(/^[Tt]/, "");
}

/** A claim's files whatever their slot number: removing a claim moves the later ones' files up. */
export function claimFiles(claim: DraftClaim, _index: number, files: readonly PendingFile[]) {
  const related = files.filter((file) => claim.contentfile_relations.includes(file.id));
  const base = (file: PendingFile) => parseUploadKind(file.kind)?.base;
  return {
    invoices: related.filter((file) => base(file) === "invoice"),
    additionalDocs: related.filter((file) => base(file) === "additional_doc"),
    misplaced: related.filter((file) => base(file) !== "invoice" && base(file) !== "additional_doc"),
  };
}

/** §5 "at least one successfully uploaded invoice file": one for the entry (a file may hold several). */
export function hasInvoiceFile(files: readonly { kind: string; error?: boolean | null }[]): boolean {
  return files.some((file) => parseUploadKind(file.kind)?.base === "invoice" && file.error !== true);
}

function textProblem(value: unknown, required: boolean, max: number): string | null {
  if (isBlank(value)) return required ? ValidationMessage.blank : null;
  return length(String(value)) > max ? InvoiceStepMessage.tooLong(max) : null;
}

/** §5 "On first submit (not resubmit) also: … Resubmit skips bank checks." */
interface ClaimRuleSet {
  firstSubmit: boolean;
}

function claimProblems(
  claim: DraftClaim,
  index: number,
  window: PaymentDateWindow,
  rules: ClaimRuleSet = { firstSubmit: true },
) {
  const problems: Record<string, string> = {};
  const at = (field: string, message: string | null) => {
    if (message) problems[`claims[${index}].${field}`] = message;
  };

  at("obliger_company_name", textProblem(claim.obliger_company_name, true, CLAIM_TEXT_MAX_LENGTH));
  if (!isBlank(claim.houjinbangou)) {
    const number = normalizeHoujinbangouInput(String(claim.houjinbangou));
    if (!/^[0-9]{13}$/.test(number)) at("houjinbangou", InvoiceStepMessage.houjinbangouFormat);
    else if (!isValidHoujinbangou(number)) at("houjinbangou", InvoiceStepMessage.houjinbangouCheckDigit);
  }
  at("houjinbangou_address", textProblem(claim.houjinbangou_address, false, CLAIM_TEXT_MAX_LENGTH));

  const amount = parseYen(claim.amount, 1);
  at("amount", amount.reason && yenProblemMessage(amount.reason, 1));
  const deposit = parseYen(claim.scheduled_deposit_amount_from_obliger, 0);
  at("scheduled_deposit_amount_from_obliger", deposit.reason && yenProblemMessage(deposit.reason, 0));
  if (rules.firstSubmit && amount.value !== null && deposit.value !== null && deposit.value > amount.value) {
    at("scheduled_deposit_amount_from_obliger", ValidationMessage.scheduledDepositExceedsAmount);
  }
  const date = parseDateInput(claim.obliger_payment_date);
  at("obliger_payment_date", date.reason && dateProblemMessage(date.reason));
  // A payment date already passed cannot be the date an invoice will be paid.
  if (date.value !== null && date.value < window.today)
    at("obliger_payment_date", InvoiceStepMessage.paymentDatePast);
  // The return would fall due before the price could be paid: a term the owner could not keep.
  else if (date.value !== null && date.value < window.earliest)
    at("obliger_payment_date", InvoiceStepMessage.paymentDateTooSoon(window.earliest));
  // Further than a year is a date typed wrong (a year too far), not an invoice we buy.
  if (date.value !== null && date.value > window.last) {
    at("obliger_payment_date", InvoiceStepMessage.paymentDateTooFar(window.last));
  }

  if (typeof claim.is_fixed_debt !== "boolean") at("is_fixed_debt", InvoiceStepMessage.chooseYesNo);
  if (typeof claim.is_bank_transfer_from_obliger !== "boolean") {
    at("is_bank_transfer_from_obliger", InvoiceStepMessage.chooseYesNo);
  }

  if (rules.firstSubmit) {
    // §5 bank_name required; account number format; deposit type valid; every holder name valid.
    const account = claim.receive_payment_account ?? {};
    at("receive_payment_account.bank_name", textProblem(account.bank_name, true, CLAIM_TEXT_MAX_LENGTH));
    // §3 "deposit_type (default ordinary; allowed ordinary or current)": not chosen is the default.
    const depositType = account.deposit_type;
    if (!isBlank(depositType) && !(CLAIM_DEPOSIT_TYPES as readonly unknown[]).includes(depositType)) {
      at("receive_payment_account.deposit_type", ValidationMessage.claimDepositType);
    }
    const number = String(account.bank_account_number ?? "").trim();
    if (number === "") at("receive_payment_account.bank_account_number", ValidationMessage.blank);
    else
      at("receive_payment_account.bank_account_number", validateBankAccountNumber(number, account.bank_name));
    (account.obliger_accounts ?? []).forEach((holder, holderIndex) => {
      // A blank input is an unused one: names are optional, each given name must pass §5.
      if (isBlank(holder.holder_name)) return;
      at(
        `receive_payment_account.obliger_accounts[${holderIndex}].holder_name`,
        validateAccountHolderName(formatHolderName(holder.holder_name)),
      );
    });
  }
  return problems;
}

/** An inadequate claim as resubmitted: §5's claim rules without the first submit's. */
export function resubmittedClaimProblems(
  claim: DraftClaim,
  index: number,
  window: PaymentDateWindow,
): Record<string, string> {
  return claimProblems(claim, index, window, { firstSubmit: false });
}

/** Every reason the invoice step is not yet satisfied, field path → message (§5 wording). */
export function invoiceStepProblems(
  draft: DraftEntry,
  files: readonly PendingFile[],
  window: PaymentDateWindow,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const desired = parseYen(draft.purchase_amount_desired, 1);
  if (desired.reason) problems.purchase_amount_desired = yenProblemMessage(desired.reason, 1);
  if (isBlank(draft.purpose)) problems.purpose = ValidationMessage.purposeRequired;
  else if (length(draft.purpose!) > PURPOSE_MAX_LENGTH) {
    problems.purpose = InvoiceStepMessage.tooLong(PURPOSE_MAX_LENGTH);
  }
  // §5 "at least one claim required, else 請求書がありません。"; "Maximum 5 invoices per entry".
  if (draft.claims.length === 0) problems.claims = ValidationMessage.noClaims;
  if (draft.claims.length > MAX_CLAIMS_PER_ENTRY) problems.claims = ValidationMessage.tooManyClaims;
  const claims = draft.claims.slice(0, MAX_CLAIMS_PER_ENTRY);
  claims.forEach((claim, index) => {
    Object.assign(problems, claimProblems(claim, index, window));
  });
  // With no claim, 請求書がありません。 already says there is nothing to attach a file to.
  const held = files.filter((file) => claims.some((claim) => claim.contentfile_relations.includes(file.id)));
  if (claims.length > 0 && !hasInvoiceFile(held)) {
    problems[INVOICE_FILE_FIELD] = InvoiceStepMessage.noInvoiceFile;
  }
  return problems;
}

// A function, not a module-level Set: the browser build would keep every message it names.
const missingMessages = (): readonly string[] => [
  ValidationMessage.blank,
  ValidationMessage.purposeRequired,
  ValidationMessage.noClaims,
  InvoiceStepMessage.chooseYesNo,
  InvoiceStepMessage.noInvoiceFile,
];

/** What is wrong in what was typed, leaving out what a draft may still lack. */
export function invoiceDraftProblems(draft: DraftEntry, window: PaymentDateWindow): Record<string, string> {
  const missing = missingMessages();
  return Object.fromEntries(
    Object.entries(invoiceStepProblems(draft, [], window)).filter(
      ([, message]) => !missing.includes(message),
    ),
  );
}

export function isInvoiceStepSatisfied(
  draft: DraftEntry,
  files: readonly PendingFile[],
  window: PaymentDateWindow,
): boolean {
  return Object.keys(invoiceStepProblems(draft, files, window)).length === 0;
}

export interface ClaimTotals {
  amount: number;
  deposit: number;
  /** Some claim's amount or deposit is blank or not yet an amount: the sums leave it out. */
  incomplete: boolean;
}

/** An amount that is not yet one is left out and said so, rather than the total refusing to show. */
export function claimTotals(
  claims: readonly {
    amount?: string | number | null;
    scheduled_deposit_amount_from_obliger?: string | number | null;
  }[],
): ClaimTotals {
  const totals: ClaimTotals = { amount: 0, deposit: 0, incomplete: false };
  for (const claim of claims) {
    const amount = parseYen(claim.amount, 1).value;
    const deposit = parseYen(claim.scheduled_deposit_amount_from_obliger, 0).value;
    if (amount === null || deposit === null) totals.incomplete = true;
    totals.amount += amount ?? 0;
    totals.deposit += deposit ?? 0;
  }
  return totals;
}

/** A note, not an error: the operator decides the price in the review. */
export function isDesiredAboveDeposits(
  desired: string | number | null | undefined,
  totals: ClaimTotals,
): boolean {
  const value = parseYen(desired, 1).value;
  return value !== null && totals.deposit > 0 && value > totals.deposit;
}
