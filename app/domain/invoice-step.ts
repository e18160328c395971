// §5 "Invoice step satisfied when: desired amount, purpose and at least one claim exist; every claim
// has is_fixed_debt and is_bank_transfer_from_obliger set, all required fields, valid account number,
// deposit type and holder names, scheduled deposit not above amount; and at least one successfully
// uploaded invoice file."
//
// Problems are keyed by the form's field paths (remix-validated-form's syntax, the draft's shape):
// "purchase_amount_desired", "claims[0].amount", "claims[0].receive_payment_account.bank_account_number",
// "claims[0].receive_payment_account.obliger_accounts[1].holder_name", and "claims[0].invoice" for the
// entry's invoice files, shown beside the first claim's upload slots. A file is the entry's when its
// id is in one of the claims' contentfile_relations.

import {
  BANK_ACCOUNT_FIELD_LABELS,
  formatHolderName,
  isValidBankAccountNumber,
  normalizeBankAccountNumber,
  validateAccountHolderName,
} from "./bank-account";
import { type BankCalendar, addOneYear, bankHolidayNotice } from "./bank-calendar";
import type { DraftClaim, DraftEntry, PendingFile } from "./draft-entry";
import { CLAIM_DEPOSIT_TYPES, type ClaimDepositType, MAX_CLAIMS_PER_ENTRY } from "./enumerations";
import { parseUploadKind } from "./file-kinds";
import {
  type AmountFieldSpec,
  type TextRow,
  choiceField,
  flagField,
  labelsOf,
  textField,
} from "./form-fields";
import { isValidHoujinbangou } from "./houjinbangou";
import { formatJapaneseDateWithWeekday, japanDate } from "./japan-date";
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
  paymentDateTooFar: (lastDate: string) =>
    `入金予定日は1年以内の日付を入力してください（${formatJapaneseDateWithWeekday(lastDate)}まで）。`,
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
  houjinbangou: textField("売掛先の法人番号", (text) => {
    const digits = normalizeHoujinbangouInput(text);
    return /^[0-9]{13}$/.test(digits) ? digits : text;
  }),
  houjinbangou_address: textField("売掛先の所在地"),
  amount: amountField("請求書額面（税込・円）", 1),
  scheduled_deposit_amount_from_obliger: amountField("売掛先からの銀行振込金額（円）", 0),
  obliger_payment_date: textField("入金予定日（支払期日）", (text) => parseDateInput(text).value ?? text),
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
  bank_account_number: textField(BANK_ACCOUNT_FIELD_LABELS.bank_account_number, normalizeBankAccountNumber),
} as const;

/** A claim as its fields hold it: what was typed, as text. */
export type ClaimFormValues = TextRow<typeof CLAIM_FIELDS> & {
  receive_payment_account: TextRow<typeof RECEIVE_ACCOUNT_FIELDS> & {
    obliger_accounts: { holder_name: string }[];
  };
};

/** The summary's words for a claim's fields, by their path inside the claim. */
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

/** Where the entry's missing invoice file is said: beside the first claim's upload slots. */
export const INVOICE_FILE_FIELD = "claims[0].invoice";

/**
 * A payment date more than a year ahead is refused with a clear message. The last payment date
 * accepted is the same day a year from today (Japan).
 */
export function lastPaymentDate(today: string): string {
  return addOneYear(today);
}

/**
 * The hint beside a payment date: for a date the field accepts (today to a year
 * ahead) that banks are closed on, when the money will arrive instead. `calendar` starts today.
 */
export function paymentDateNotice(input: string, calendar: BankCalendar): string | null {
  const date = parseDateInput(input).value;
  if (date === null || date < calendar.from || date > lastPaymentDate(calendar.from)) return null;
  return bankHolidayNotice(date, calendar);
}

const isBlank = (value: unknown) => value === null || value === undefined || String(value).trim() === "";
const length = (value: string) => [...value].length;

/**
 * What a person types for a corporate number, as 13 digits: full-width digits, hyphens and spaces
 * are forgiven, and so is the "T" of an invoice registration number (REFERENCE.md).
 */
export function normalizeHoujinbangouInput(value: string): string {
  return value
    .normalize("NFKC")
    .replace(/[\s\-‐−ー]/gu, "")
    .replace(/^[Tt]/, "");
}

/**
 * A claim's files: those whose ids are in its contentfile_relations, as invoices (invoice-{n}) and
 * additional documents (additional_doc-{n}) whatever their number. The number is the slot a file was
 * uploaded into; removing a claim moves the later ones up, and their files go with them (the
 * upstream accepts any invoice-{n} / additional_doc-{n} in a claim). Anything else is misplaced.
 */
export function claimFiles(claim: DraftClaim, _index: number, files: readonly PendingFile[]) {
  const related = files.filter((file) => claim.contentfile_relations.includes(file.id));
  const base = (file: PendingFile) => parseUploadKind(file.kind)?.base;
  return {
    invoices: related.filter((file) => base(file) === "invoice"),
    additionalDocs: related.filter((file) => base(file) === "additional_doc"),
    misplaced: related.filter((file) => base(file) !== "invoice" && base(file) !== "additional_doc"),
  };
}

/**
 * §5 "at least one successfully uploaded invoice file": one for the entry, not one per claim (a file
 * may hold several invoices). `files` are those the entry's claims hold; "successfully uploaded" = not
 * flagged with an error. The reference upstream asks the same of an entry it creates.
 */
export function hasInvoiceFile(files: readonly { kind: string; error?: boolean | null }[]): boolean {
  return files.some((file) => parseUploadKind(file.kind)?.base === "invoice" && file.error !== true);
}

function textProblem(value: unknown, required: boolean, max: number): string | null {
  if (isBlank(value)) return required ? ValidationMessage.blank : null;
  return length(String(value)) > max ? InvoiceStepMessage.tooLong(max) : null;
}

/**
 * Which of the claim rules apply. §5 "On first submit (not resubmit) also: scheduled deposit must not
 * exceed invoice amount …; bank_name required; bank account number format check …; deposit_type valid;
 * every obliger account holder name passes the holder-name format check … Resubmit skips bank checks."
 */
interface ClaimRuleSet {
  /** The first submit's checks: deposit ≤ amount and the receive-payment account. */
  firstSubmit: boolean;
}

function claimProblems(
  claim: DraftClaim,
  index: number,
  today: string,
  rules: ClaimRuleSet = { firstSubmit: true },
) {
  const problems: Record<string, string> = {};
  const at = (field: string, message: string | null) => {
    if (message) problems[`claims[${index}].${field}`] = message;
  };

  // §5 "Each claim requires obliger_company_name, amount, scheduled_deposit_amount_from_obliger,
  // obliger_payment_date."
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
  // §5 "scheduled deposit must not exceed invoice amount" (first submit only).
  if (rules.firstSubmit && amount.value !== null && deposit.value !== null && deposit.value > amount.value) {
    at("scheduled_deposit_amount_from_obliger", ValidationMessage.scheduledDepositExceedsAmount);
  }
  const date = parseDateInput(claim.obliger_payment_date);
  at("obliger_payment_date", date.reason && dateProblemMessage(date.reason));
  // A payment date already passed cannot be the date an invoice will be paid.
  if (date.value !== null && date.value < today)
    at("obliger_payment_date", InvoiceStepMessage.paymentDatePast);
  // Further than a year is a date typed wrong (a year too far), not an invoice we buy.
  if (date.value !== null && date.value > lastPaymentDate(today)) {
    at("obliger_payment_date", InvoiceStepMessage.paymentDateTooFar(lastPaymentDate(today)));
  }

  // §5 "every claim has is_fixed_debt and is_bank_transfer_from_obliger set".
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
    else if (!isValidBankAccountNumber(number)) {
      at("receive_payment_account.bank_account_number", ValidationMessage.bankAccountNumber);
    }
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

/**
 * A claim the operator found inadequate, as the user resubmits it (§2 /entry/resubmit/:entryId): the
 * §5 "Submit" rules for a claim (the required fields, formats, a payment date still to come, the two
 * yes/no answers) without what §5 leaves to the first submit ("Resubmit skips bank checks", and the
 * deposit ≤ amount check with them). Keyed by the claim's position, as the form names its fields.
 */
export function resubmittedClaimProblems(
  claim: DraftClaim,
  index: number,
  today: string = japanDate(new Date()),
): Record<string, string> {
  return claimProblems(claim, index, today, { firstSubmit: false });
}

/** Every reason the invoice step is not yet satisfied, field path → message (§5 wording). */
export function invoiceStepProblems(
  draft: DraftEntry,
  files: readonly PendingFile[],
  /** Today in Japan (ISO); japanDate(now) by default. */
  today: string = japanDate(new Date()),
): Record<string, string> {
  const problems: Record<string, string> = {};
  // §5 "Submit: purchase_amount_desired required".
  const desired = parseYen(draft.purchase_amount_desired, 1);
  if (desired.reason) problems.purchase_amount_desired = yenProblemMessage(desired.reason, 1);
  // §5 "purpose required (message 入力してください。)".
  if (isBlank(draft.purpose)) problems.purpose = ValidationMessage.purposeRequired;
  else if (length(draft.purpose!) > PURPOSE_MAX_LENGTH) {
    problems.purpose = InvoiceStepMessage.tooLong(PURPOSE_MAX_LENGTH);
  }
  // §5 "at least one claim required, else 請求書がありません。"; "Maximum 5 invoices per entry".
  if (draft.claims.length === 0) problems.claims = ValidationMessage.noClaims;
  if (draft.claims.length > MAX_CLAIMS_PER_ENTRY) problems.claims = ValidationMessage.tooManyClaims;
  const claims = draft.claims.slice(0, MAX_CLAIMS_PER_ENTRY);
  claims.forEach((claim, index) => {
    Object.assign(problems, claimProblems(claim, index, today));
  });
  // With no claim, 請求書がありません。 already says there is nothing to attach a file to.
  const held = files.filter((file) => claims.some((claim) => claim.contentfile_relations.includes(file.id)));
  if (claims.length > 0 && !hasInvoiceFile(held)) {
    problems[INVOICE_FILE_FIELD] = InvoiceStepMessage.noInvoiceFile;
  }
  return problems;
}

/**
 * Messages that only say something is missing: a draft may still lack it. A function, not a
 * module-level Set: the browser build keeps a module-level expression that reads another module's
 * object (it might have a getter), with every message it names, on every page importing this module.
 */
const missingMessages = (): readonly string[] => [
  ValidationMessage.blank,
  ValidationMessage.purposeRequired,
  ValidationMessage.noClaims,
  InvoiceStepMessage.chooseYesNo,
  InvoiceStepMessage.noInvoiceFile,
];

/**
 * Drafts tell the truth: what is wrong in what was typed (an amount that is no amount, a
 * date already passed, an account number of 8 digits…), leaving out what is merely not filled yet.
 * 下書き保存 keeps the draft and answers these at their fields with §8's draft-save message.
 */
export function invoiceDraftProblems(
  draft: DraftEntry,
  today: string = japanDate(new Date()),
): Record<string, string> {
  const missing = missingMessages();
  return Object.fromEntries(
    Object.entries(invoiceStepProblems(draft, [], today)).filter(([, message]) => !missing.includes(message)),
  );
}

export function isInvoiceStepSatisfied(
  draft: DraftEntry,
  files: readonly PendingFile[],
  today: string = japanDate(new Date()),
): boolean {
  return Object.keys(invoiceStepProblems(draft, files, today)).length === 0;
}

/** The sums of the claims' amounts, as the page shows them beside the desired purchase amount. */
export interface ClaimTotals {
  /** Σ 請求書額面（税込）of the claims whose amount reads as yen. */
  amount: number;
  /** Σ 売掛先からの銀行振込金額 of the claims whose deposit reads as yen. */
  deposit: number;
  /** Some claim's amount or deposit is blank or not yet an amount: the sums leave it out. */
  incomplete: boolean;
}

/**
 * The total of the claims: the sum of 請求書額面 and of 売掛先からの銀行振込金額. Amounts
 * are read as the fields take them (commas, 円, full-width digits); one that is not yet an amount
 * is left out and said so, rather than the total refusing to show.
 */
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

/**
 * A gentle note when the desired amount exceeds the total of the scheduled deposits (a note, not an
 * error: the operator decides the price in the review).
 */
export function isDesiredAboveDeposits(
  desired: string | number | null | undefined,
  totals: ClaimTotals,
): boolean {
  const value = parseYen(desired, 1).value;
  return value !== null && totals.deposit > 0 && value > totals.deposit;
}
