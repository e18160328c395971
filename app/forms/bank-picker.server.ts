// The bank and branch pickers' server half (decision 0013): the searches a field's 「検索」 button
// asks for (answered from the directory, app/lookup/bank-directory.server.ts), a wizard step's search
// carried in its URL, and the notes a page shows beside the names in its fields.

import { BankPickerMessage, type PickerKind, findBank } from "~/domain/bank-directory";
import { bankDirectory, bankNote, branchNote, pickerMatches } from "~/lookup/bank-directory.server";
import {
  type BankPickerView,
  PICKER_URL,
  type PickerField,
  type PickerSearchView,
  parsePickerSearch,
} from "./bank-picker";

/**
 * What a field's search button asks: the matches to choose from, or the message for the field when
 * there is nothing to choose (an empty field, a branch without a known bank, no match): said at the
 * field with a 4xx, everything typed kept.
 */
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

/** What a page hands its bank fields: the search just made (if any) and a note per field. */
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

/** A branch field's bank field: the same path with bank_name for branch_name (the forms name them so). */
export const bankFieldOf = (branchField: string) => branchField.replace(/branch_name$/, "bank_name");

/**
 * The search a post's button asks for (any of its `intent` values), answered from what was typed in
 * the field (and, for a branch, its bank field); null when the post asks none.
 */
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

/**
 * Without JavaScript a wizard step saves what was typed and comes back to its page (PRG) with the
 * search in the URL; the loader asks the directory again (pickerSearchFromUrl).
 */
export function pickerSearchPath(pagePath: string, search: PickerSearchView, bankName: string): string {
  const params = new URLSearchParams({
    [PICKER_URL.field]: search.field,
    [PICKER_URL.kind]: search.kind,
    [PICKER_URL.query]: search.query,
  });
  if (search.kind === "branch") params.set(PICKER_URL.bank, bankName);
  return `${pagePath}?${params}#${encodeURIComponent(`field-${search.field.replace(/[^a-zA-Z0-9_-]/g, "-")}-choices`)}`;
}

/** The search a wizard step's URL carries, asked again; null when it carries none or nothing matches. */
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
