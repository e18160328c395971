// The invoice step's form: paths in the draft's shape (claims[0].amount), read and shown through the
// step's field tables (docs/decisions/0030-a-field-declared-once.md); its buttons. Pure.

import type { PickerField } from "~/forms/bank-picker";
import { formatHolderName } from "~/domain/bank-account";
import type { DraftClaim, DraftEntry } from "~/domain/draft-entry";
import { ENTRY_STEP_PATHS } from "~/domain/entry-steps";
import { MAX_CLAIMS_PER_ENTRY } from "~/domain/enumerations";
import { fieldNames, labelsOf, readRow, textRow } from "~/domain/form-fields";
import {
  CLAIM_FIELDS,
  CLAIM_FIELD_LABELS,
  CLAIM_TEXT_MAX_LENGTH,
  type ClaimFormValues,
  INVOICE_FIELDS,
  INVOICE_FILE_FIELD,
  RECEIVE_ACCOUNT_FIELDS,
} from "~/domain/invoice-step";
import type { CorporationSuggestion } from "~/domain/houjinbangou";
import { ValidationMessage } from "~/domain/messages";
import { DRAFT_TEXT_MAX_LENGTH, MAX_HOLDER_NAMES } from "~/domain/upstream-limits";

export const INVOICE_STEP_PATH = ENTRY_STEP_PATHS.submitInvoices;
export const INVOICE_FORM_ID = "invoice-step";

export type { ClaimFormValues };

export interface InvoiceFormValues {
  purchase_amount_desired: string;
  purpose: string;
  claims: ClaimFormValues[];
}

const asText = (value: unknown) => (value === null || value === undefined ? "" : String(value));

export function emptyClaimValues(): ClaimFormValues {
  return claimValuesFromDraft({ contentfile_relations: [] });
}

export function claimValuesFromDraft(claim: DraftClaim): ClaimFormValues {
  const account = claim.receive_payment_account ?? {};
  const holders = (account.obliger_accounts ?? []).map((holder) => ({
    holder_name: asText(holder.holder_name),
  }));
  return {
    ...textRow(CLAIM_FIELDS, claim),
    receive_payment_account: {
      ...textRow(RECEIVE_ACCOUNT_FIELDS, account),
      // §3/§9 default deposit type ordinary.
      deposit_type: account.deposit_type || "ordinary",
      obliger_accounts: holders.length > 0 ? holders : [{ holder_name: "" }],
    },
  };
}

export function formValuesFromDraft(draft: DraftEntry): InvoiceFormValues {
  const claims = draft.claims.slice(0, MAX_CLAIMS_PER_ENTRY).map(claimValuesFromDraft);
  return {
    ...textRow(INVOICE_FIELDS, draft),
    claims: claims.length > 0 ? claims : [emptyClaimValues()],
  };
}

// ---- a submission read back into the form's shape ----

const CLAIM_FIELD = /^claims\[([0-9])\]\.(.+)$/;
const HOLDER_FIELD = /^receive_payment_account\.obliger_accounts\[([0-9]{1,2})\]\.holder_name$/;
const CLAIM_TEXT_FIELDS: readonly string[] = fieldNames(CLAIM_FIELDS);
const ACCOUNT_FIELDS: readonly string[] = fieldNames(RECEIVE_ACCOUNT_FIELDS);

/** Only this form's paths are read, each cut to the draft's size limit; anything else is ignored. */
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
    const value = [...raw].slice(0, DRAFT_TEXT_MAX_LENGTH).join("");
    if (name === "purchase_amount_desired" || name === "purpose") {
      values[name] = value;
      continue;
    }
    const match = CLAIM_FIELD.exec(name);
    if (!match || Number(match[1]) >= MAX_CLAIMS_PER_ENTRY) continue;
    const claim = claimAt(Number(match[1]));
    const field = match[2]!;
    if (CLAIM_TEXT_FIELDS.includes(field)) {
      (claim as unknown as Record<string, string>)[field] = value;
      continue;
    }
    const accountField = field.replace(/^receive_payment_account\./, "");
    if (field !== accountField && ACCOUNT_FIELDS.includes(accountField)) {
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

export function hasInvalidDepositType(values: InvoiceFormValues, index: number): boolean {
  const value = values.claims[index]?.receive_payment_account.deposit_type ?? "";
  return value !== "" && RECEIVE_ACCOUNT_FIELDS.deposit_type.read(value) === null;
}

export function claimForDraft(values: ClaimFormValues, contentfileRelations: number[]): DraftClaim {
  const account = values.receive_payment_account;
  return {
    ...readRow(CLAIM_FIELDS, (field) => values[field]),
    receive_payment_account: {
      ...readRow(RECEIVE_ACCOUNT_FIELDS, (field) => account[field]),
      // §7 "holder names filled from formatted names": stored formatted, blanks are unused inputs.
      obliger_accounts: account.obliger_accounts
        .map((holder) => ({ holder_name: formatHolderName(holder.holder_name) }))
        .filter((holder) => holder.holder_name !== ""),
    },
    contentfile_relations: contentfileRelations,
  };
}

export function draftFromFormValues(
  values: InvoiceFormValues,
  relations: readonly number[][],
): Pick<DraftEntry, "purchase_amount_desired" | "purpose" | "claims"> {
  return {
    purchase_amount_desired: INVOICE_FIELDS.purchase_amount_desired.read(
      values.purchase_amount_desired.trim(),
    ),
    purpose: values.purpose.trim() === "" ? null : values.purpose,
    claims: values.claims.map((claim, index) => claimForDraft(claim, [...(relations[index] ?? [])])),
  };
}

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

export const suggestionChoiceName = (index: number) => `houjinbangou_choice-${index}`;

/** The value of a suggestion's radio, read back safely (13 digits, bounded text) or null. */
export function parseSuggestionChoice(value: unknown): CorporationSuggestion | null {
  if (typeof value !== "string" || value.length > 1200) return null;
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    const { name, houjinbangou, address } = parsed;
    if (typeof name !== "string" || typeof address !== "string" || typeof houjinbangou !== "string")
      return null;
    if (
      !/^[0-9]{13}$/.test(houjinbangou) ||
      name.length > CLAIM_TEXT_MAX_LENGTH ||
      address.length > CLAIM_TEXT_MAX_LENGTH
    )
      return null;
    return { name, houjinbangou, address };
  } catch {
    return null;
  }
}

/** The form's values with each claim's files (upload ids, which the form never carries). */
export interface InvoiceStepValues {
  values: InvoiceFormValues;
  relations: number[][];
}

/** Without JavaScript, a chosen corporate-number suggestion fills its claim on any save. */
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

export { CLAIM_FIELD_LABELS };

export function invoiceFieldLabels(values: InvoiceFormValues): Record<string, string> {
  const labels: Record<string, string> = { ...labelsOf(INVOICE_FIELDS), claims: "請求書" };
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

export function invoiceBankFields(values: InvoiceFormValues): PickerField[] {
  return values.claims.map((claim, index) => ({
    kind: "bank",
    field: `claims[${index}].receive_payment_account.bank_name`,
    value: claim.receive_payment_account.bank_name,
  }));
}
