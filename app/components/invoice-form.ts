// The invoice step's form (§2 /entry/entry_invoice, step submitInvoices): its field paths are the
// draft's shape (claims[0].amount…), so a submission becomes the draft's purchase_amount_desired,
// purpose and claims directly; its own buttons (intents); the error summary's labels. Pure: used by
// the action, the view model and the page.

import type { ClaimFormValues } from "~/components/claim-fieldset";
import type { PickerField } from "~/forms/bank-picker";
import { formatHolderName, normalizeBankAccountNumber } from "~/domain/bank-account";
import type { DraftClaim, DraftEntry } from "~/domain/draft-entry";
import { ENTRY_STEP_PATHS } from "~/domain/entry-steps";
import { CLAIM_DEPOSIT_TYPES, type ClaimDepositType, MAX_CLAIMS_PER_ENTRY } from "~/domain/enumerations";
import { INVOICE_FILE_FIELD, normalizeHoujinbangouInput } from "~/domain/invoice-step";
import { formatYenInput, parseDateInput, parseYen } from "~/domain/money";
import type { CorporationSuggestion } from "~/domain/houjinbangou";
import { ValidationMessage } from "~/domain/messages";

export const INVOICE_STEP_PATH = ENTRY_STEP_PATHS.submitInvoices;
export const INVOICE_FORM_ID = "invoice-step";
/** docs/upstream-api/entries.md: a draft keeps at most 10 holder names a claim, strings ≤ 1000. */
export const MAX_HOLDER_NAMES = 10;
const DRAFT_TEXT_MAX = 1000;

export type { ClaimFormValues };
type YesNo = ClaimFormValues["is_fixed_debt"];

export interface InvoiceFormValues {
  purchase_amount_desired: string;
  purpose: string;
  claims: ClaimFormValues[];
}

// ---- the draft shown in the form ----

const asText = (value: unknown) => (value === null || value === undefined ? "" : String(value));
const amountText = (value: string | number | null | undefined) =>
  typeof value === "number" ? formatYenInput(value) : asText(value);
const yesNo = (value: boolean | null | undefined): YesNo =>
  value === true ? "true" : value === false ? "false" : "";

export function emptyClaimValues(): ClaimFormValues {
  return claimValuesFromDraft({ contentfile_relations: [] });
}

export function claimValuesFromDraft(claim: DraftClaim): ClaimFormValues {
  const account = claim.receive_payment_account ?? {};
  const holders = (account.obliger_accounts ?? []).map((holder) => ({
    holder_name: asText(holder.holder_name),
  }));
  return {
    obliger_company_name: asText(claim.obliger_company_name),
    houjinbangou: asText(claim.houjinbangou),
    houjinbangou_address: asText(claim.houjinbangou_address),
    amount: amountText(claim.amount),
    scheduled_deposit_amount_from_obliger: amountText(claim.scheduled_deposit_amount_from_obliger),
    obliger_payment_date: asText(claim.obliger_payment_date),
    is_fixed_debt: yesNo(claim.is_fixed_debt),
    is_bank_transfer_from_obliger: yesNo(claim.is_bank_transfer_from_obliger),
    receive_payment_account: {
      bank_name: asText(account.bank_name),
      // §3/§9 default deposit type ordinary.
      deposit_type: account.deposit_type || "ordinary",
      bank_account_number: asText(account.bank_account_number),
      obliger_accounts: holders.length > 0 ? holders : [{ holder_name: "" }],
    },
  };
}

/** The form's values for a draft: always at least one claim to fill in. */
export function formValuesFromDraft(draft: DraftEntry): InvoiceFormValues {
  const claims = draft.claims.slice(0, MAX_CLAIMS_PER_ENTRY).map(claimValuesFromDraft);
  return {
    purchase_amount_desired: amountText(draft.purchase_amount_desired),
    purpose: asText(draft.purpose),
    claims: claims.length > 0 ? claims : [emptyClaimValues()],
  };
}

/** Changes when what the form shows changes (not when only files change): the form then remounts. */
export function formRevision(values: InvoiceFormValues): string {
  const text = JSON.stringify(values);
  let hash = 5381;
  for (let index = 0; index < text.length; index += 1) hash = (hash * 33) ^ text.charCodeAt(index);
  return (hash >>> 0).toString(36);
}

// ---- a submission read back into the form's shape ----

const CLAIM_FIELD = /^claims\[([0-9])\]\.(.+)$/;
const HOLDER_FIELD = /^receive_payment_account\.obliger_accounts\[([0-9]{1,2})\]\.holder_name$/;
const CLAIM_TEXT_FIELDS = [
  "obliger_company_name",
  "houjinbangou",
  "houjinbangou_address",
  "amount",
  "scheduled_deposit_amount_from_obliger",
  "obliger_payment_date",
  "is_fixed_debt",
  "is_bank_transfer_from_obliger",
] as const;
const ACCOUNT_FIELDS = ["bank_name", "deposit_type", "bank_account_number"] as const;

/**
 * Only the paths this form has are read (claims 0–4, holder names 0–9), each as text and cut to the
 * draft's size limit; anything else in the body is ignored.
 */
export function formValuesFromSubmission(entries: Iterable<[string, FormDataEntryValue]>): InvoiceFormValues {
  const values: InvoiceFormValues = { purchase_amount_desired: "", purpose: "", claims: [] };
  const claimAt = (index: number) => {
    while (values.claims.length <= index) {
      const claim = emptyClaimValues();
      claim.receive_payment_account.obliger_accounts = [];
      values.claims.push(claim);
    }
    return values.claims[index]!;
  };
  for (const [name, raw] of entries) {
    if (typeof raw !== "string") continue;
    const value = [...raw].slice(0, DRAFT_TEXT_MAX).join("");
    if (name === "purchase_amount_desired" || name === "purpose") {
      values[name] = value;
      continue;
    }
    const match = CLAIM_FIELD.exec(name);
    if (!match || Number(match[1]) >= MAX_CLAIMS_PER_ENTRY) continue;
    const claim = claimAt(Number(match[1]));
    const field = match[2]!;
    if ((CLAIM_TEXT_FIELDS as readonly string[]).includes(field)) {
      (claim as unknown as Record<string, string>)[field] = value;
      continue;
    }
    const accountField = field.replace(/^receive_payment_account\./, "");
    if (field !== accountField && (ACCOUNT_FIELDS as readonly string[]).includes(accountField)) {
      (claim.receive_payment_account as unknown as Record<string, string>)[accountField] = value;
      continue;
    }
    const holder = HOLDER_FIELD.exec(field);
    if (holder && Number(holder[1]) < MAX_HOLDER_NAMES) {
      const holders = claim.receive_payment_account.obliger_accounts;
      const holderIndex = Number(holder[1]);
      while (holders.length <= holderIndex) holders.push({ holder_name: "" });
      holders[holderIndex] = { holder_name: value };
    }
  }
  for (const claim of values.claims) {
    if (claim.receive_payment_account.obliger_accounts.length === 0) {
      claim.receive_payment_account.obliger_accounts.push({ holder_name: "" });
    }
  }
  if (values.claims.length === 0) values.claims.push(emptyClaimValues());
  return values;
}

// ---- the form's values as the draft stores them ----

/** A valid amount is stored as its number; anything else as typed, so the person sees it again. */
function amountForDraft(text: string, min: number): number | string | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const parsed = parseYen(trimmed, min);
  return parsed.value ?? trimmed;
}

const flagForDraft = (value: string): boolean | null =>
  value === "true" ? true : value === "false" ? false : null;

function depositTypeForDraft(value: string): ClaimDepositType | null {
  return (CLAIM_DEPOSIT_TYPES as readonly string[]).includes(value) ? (value as ClaimDepositType) : null;
}

/** True when a submitted deposit type is neither ordinary nor current (the draft cannot keep it). */
export function hasInvalidDepositType(values: InvoiceFormValues, index: number): boolean {
  const value = values.claims[index]?.receive_payment_account.deposit_type ?? "";
  return value !== "" && depositTypeForDraft(value) === null;
}

export function claimForDraft(values: ClaimFormValues, contentfileRelations: number[]): DraftClaim {
  const houjinbangou = normalizeHoujinbangouInput(values.houjinbangou);
  const date = parseDateInput(values.obliger_payment_date);
  const account = values.receive_payment_account;
  return {
    obliger_company_name: values.obliger_company_name.trim(),
    houjinbangou: /^[0-9]{13}$/.test(houjinbangou) ? houjinbangou : values.houjinbangou.trim(),
    houjinbangou_address: values.houjinbangou_address.trim(),
    amount: amountForDraft(values.amount, 1),
    scheduled_deposit_amount_from_obliger: amountForDraft(values.scheduled_deposit_amount_from_obliger, 0),
    obliger_payment_date: date.value ?? values.obliger_payment_date.trim(),
    is_fixed_debt: flagForDraft(values.is_fixed_debt),
    is_bank_transfer_from_obliger: flagForDraft(values.is_bank_transfer_from_obliger),
    receive_payment_account: {
      bank_name: account.bank_name.trim(),
      deposit_type: depositTypeForDraft(account.deposit_type),
      // Full-width digits, spaces and hyphens are converted rather than refused (REFERENCE.md).
      bank_account_number: normalizeBankAccountNumber(account.bank_account_number),
      // §7 "holder names filled from formatted names": stored formatted, blanks are unused inputs.
      obliger_accounts: account.obliger_accounts
        .map((holder) => ({ holder_name: formatHolderName(holder.holder_name) }))
        .filter((holder) => holder.holder_name !== ""),
    },
    contentfile_relations: contentfileRelations,
  };
}

/** The draft as the form would save it, with each claim's files kept from `relations`. */
export function draftFromFormValues(
  values: InvoiceFormValues,
  relations: readonly number[][],
): Pick<DraftEntry, "purchase_amount_desired" | "purpose" | "claims"> {
  return {
    purchase_amount_desired: amountForDraft(values.purchase_amount_desired, 1),
    purpose: values.purpose.trim() === "" ? null : values.purpose,
    claims: values.claims.map((claim, index) => claimForDraft(claim, [...(relations[index] ?? [])])),
  };
}

// ---- the buttons of the form ----

export type InvoiceIntent =
  | { kind: "next" }
  | { kind: "save_draft" }
  | { kind: "add_claim" }
  | { kind: "remove_claim"; index: number }
  | { kind: "add_holder"; index: number }
  | { kind: "remove_holder"; index: number; holder: number }
  | { kind: "search_houjinbangou"; index: number }
  | { kind: "select_houjinbangou"; index: number };

export function parseIntent(value: unknown): InvoiceIntent | null {
  if (typeof value !== "string") return null;
  if (value === "next" || value === "save_draft" || value === "add_claim") return { kind: value };
  let match = /^(remove_claim|add_holder|search_houjinbangou|select_houjinbangou):([0-4])$/.exec(value);
  if (match) return { kind: match[1] as "remove_claim", index: Number(match[2]) };
  match = /^remove_holder:([0-4]):([0-9])$/.exec(value);
  if (match) return { kind: "remove_holder", index: Number(match[1]), holder: Number(match[2]) };
  return null;
}

/** Without JavaScript, 「法人番号を検索」 comes back to the page with the claim to search for (PRG). */
export const SUGGESTIONS_PARAM = "houjinbangou_for";

/** The radio of the corporate-number suggestions (no JavaScript) for claim `index`. */
export const suggestionChoiceName = (index: number) => `houjinbangou_choice-${index}`;

/** The value of a suggestion's radio, read back safely (13 digits, bounded text) or null. */
export function parseSuggestionChoice(value: unknown): CorporationSuggestion | null {
  if (typeof value !== "string" || value.length > 1200) return null;
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    const { name, houjinbangou, address } = parsed;
    if (typeof name !== "string" || typeof address !== "string" || typeof houjinbangou !== "string")
      return null;
    if (!/^[0-9]{13}$/.test(houjinbangou) || name.length > 255 || address.length > 255) return null;
    return { name, houjinbangou, address };
  } catch {
    return null;
  }
}

// ---- what was typed, as the step's action reads it ----

/** The form's values with each claim's files (upload ids, which the form never carries). */
export interface InvoiceStepValues {
  values: InvoiceFormValues;
  relations: number[][];
}

/**
 * The step's values as posted, with the claims' files taken from the stored draft, a chosen
 * corporate-number suggestion applied (「この法人を選択」 without JavaScript fills the claim on any
 * save), and the problems seen in them.
 */
export function readInvoiceForm(formData: FormData, stored: DraftEntry) {
  const values = formValuesFromSubmission(formData.entries());
  const relations = values.claims.map((_, index) => [...(stored.claims[index]?.contentfile_relations ?? [])]);
  const problems: Record<string, string> = {};
  values.claims.forEach((claim, index) => {
    const choice = parseSuggestionChoice(formData.get(suggestionChoiceName(index)));
    if (!choice) return;
    claim.obliger_company_name = choice.name;
    claim.houjinbangou = choice.houjinbangou;
    claim.houjinbangou_address = choice.address;
  });
  values.claims.forEach((_, index) => {
    if (hasInvalidDepositType(values, index)) {
      problems[`claims[${index}].receive_payment_account.deposit_type`] = ValidationMessage.claimDepositType;
    }
  });
  return { values: { values, relations } satisfies InvoiceStepValues, problems };
}

// ---- labels for the error summary ----

export const CLAIM_FIELD_LABELS: Record<string, string> = {
  obliger_company_name: "売掛先の会社名",
  houjinbangou: "売掛先の法人番号",
  houjinbangou_address: "売掛先の所在地",
  amount: "請求書額面（税込・円）",
  scheduled_deposit_amount_from_obliger: "売掛先からの銀行振込金額（円）",
  obliger_payment_date: "入金予定日（支払期日）",
  is_fixed_debt: "納品やサービスの提供は完了し、請求金額は確定していますか",
  is_bank_transfer_from_obliger: "売掛先から銀行振込で支払われますか",
  "receive_payment_account.bank_name": "金融機関名",
  "receive_payment_account.deposit_type": "預金種目",
  "receive_payment_account.bank_account_number": "口座番号",
  invoice: "請求書ファイル",
};

export function invoiceFieldLabels(values: InvoiceFormValues): Record<string, string> {
  const labels: Record<string, string> = {
    purchase_amount_desired: "希望買取額（円）",
    purpose: "資金使途",
    claims: "請求書",
  };
  values.claims.forEach((claim, index) => {
    for (const [field, label] of Object.entries(CLAIM_FIELD_LABELS)) {
      labels[`claims[${index}].${field}`] = `請求書${index + 1} ${label}`;
    }
    claim.receive_payment_account.obliger_accounts.forEach((_, holder) => {
      labels[`claims[${index}].receive_payment_account.obliger_accounts[${holder}].holder_name`] =
        `請求書${index + 1} 振込名義${holder + 1}`;
    });
  });
  // The entry's invoice file, said beside the first claim's slots, is no one claim's.
  labels[INVOICE_FILE_FIELD] = CLAIM_FIELD_LABELS.invoice!;
  return labels;
}

/** The claims' bank fields with what the page shows in them: codes and notes. */
export function invoiceBankFields(values: InvoiceFormValues): PickerField[] {
  return values.claims.map((claim, index) => ({
    kind: "bank",
    field: `claims[${index}].receive_payment_account.bank_name`,
    value: claim.receive_payment_account.bank_name,
  }));
}
