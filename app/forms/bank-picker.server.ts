// The bank and branch pickers' server half (decision 0013).

import { BankPickerMessage, type PickerKind, findBank } from "~/domain/bank-directory";
import { bankDirectory, bankNote, branchNote, pickerMatches } from "~/lookup/bank-directory.server";
import {
  type BankPickerView,
  PICKER_URL,
  type PickerField,
  type PickerSearchView,
  parsePickerSearch,
} from "./bank-picker";

/** The matches, or the message for the field when there is nothing to choose (said with a 4xx, typed kept). */
export function pickerSearch(
  kind: PickerKind,
  field: string,
  query: string,
  bankName = "",
): { search: PickerSearchView } | { problem: string } {
  const typed = query.trim();
  if (kind === "branch") {
    if (bankName.trim() === "") return { problem: BankPickerMessage.noBankForBranch };
    if (!findBank(bankDirectory(), bankName)) return { problem: BankPickerMessage.unknownBankForBranch };
  }
  if (typed === "") {
    return { problem: kind === "bank" ? BankPickerMessage.emptyBank : BankPickerMessage.emptyBranch };
  }
  const matches = pickerMatches(kind, typed, bankName);
  if (matches.length === 0) {
    return {
      problem:
        kind === "bank"
          ? BankPickerMessage.noBankMatch(typed)
          : BankPickerMessage.noBranchMatch(bankName.trim(), typed),
    };
  }
  return { search: { kind, field, query: typed, matches } };
}

export function bankPickerView(
  fields: readonly PickerField[],
  search: PickerSearchView | null,
): BankPickerView {
  const notes: BankPickerView["notes"] = {};
  for (const field of fields) {
    const note = field.kind === "bank" ? bankNote(field.value) : branchNote(field.bankValue, field.value);
    notes[field.field] = { ...note, value: field.value };
  }
  return { search, notes };
}

export const bankFieldOf = (branchField: string) => branchField.replace(/branch_name$/, "bank_name");

export function answerPickerSearch(
  formData: FormData,
): null | { field: string; problem: string } | { field: string; search: PickerSearchView } {
  const asked = parsePickerSearch(formData.getAll("intent"));
  if (!asked) return null;
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.slice(0, 200) : "";
  };
  const answer = pickerSearch(asked.kind, asked.field, text(asked.field), text(bankFieldOf(asked.field)));
  return { field: asked.field, ...answer };
}

// A wizard step saves, then comes back (PRG) with the search in its URL; its loader asks again.
export function pickerSearchPath(pagePath: string, search: PickerSearchView, bankName: string): string {
  const params = new URLSearchParams({
    [PICKER_URL.field]: search.field,
    [PICKER_URL.kind]: search.kind,
    [PICKER_URL.query]: search.query,
  });
  if (search.kind === "branch") params.set(PICKER_URL.bank, bankName);
  return `${pagePath}?${params}#${encodeURIComponent(`field-${search.field.replace(/[^a-zA-Z0-9_-]/g, "-")}-choices`)}`;
}

export function pickerSearchFromUrl(url: URL): PickerSearchView | null {
  const field = url.searchParams.get(PICKER_URL.field);
  const kind = url.searchParams.get(PICKER_URL.kind);
  const query = url.searchParams.get(PICKER_URL.query) ?? "";
  if (!field || field.length > 200 || (kind !== "bank" && kind !== "branch")) return null;
  const answer = pickerSearch(
    kind,
    field,
    query.slice(0, 100),
    (url.searchParams.get(PICKER_URL.bank) ?? "").slice(0, 100),
  );
  return "search" in answer ? answer.search : null;
}
