// The bank and branch pickers' vocabulary, shared by the fields (app/components/bank-field.tsx), the
// actions and the loaders (decision 0013). Without JavaScript a field's 「検索」 button posts the
// page's form with intent `search_bank:<field>` (or `search_branch:<field>`); the page comes back with
// the matches as radios named `bank_choice:<field>`, and whichever button is pressed next, a chosen
// match fills the field (applyPickedNames). With JavaScript the same matches come from /entry/banks as
// the person types. Pure: no data here, only names and shapes.

import type { BankMatch, PickerKind, PickerNote } from "~/domain/bank-directory";

const SEARCH = /^search_(bank|branch):(.{1,200})$/s;
const SELECT = /^select_(bank|branch):(.{1,200})$/s;
const CHOICE_PREFIX = "bank_choice:";

export const searchIntent = (kind: PickerKind, field: string) => `search_${kind}:${field}`;
export const selectIntent = (kind: PickerKind, field: string) => `select_${kind}:${field}`;
export const choiceName = (field: string) => `${CHOICE_PREFIX}${field}`;

/** The search a pressed button asks for, from any of the form's `intent` values, or null. */
export function parsePickerSearch(intents: readonly unknown[]): { kind: PickerKind; field: string } | null {
  for (const intent of intents) {
    const match = typeof intent === "string" ? SEARCH.exec(intent) : null;
    if (match) return { kind: match[1] as PickerKind, field: match[2]! };
  }
  return null;
}

/** True when a pressed button only takes a chosen match (the choice itself is applied on any post). */
export function isPickerSelect(intents: readonly unknown[]): boolean {
  return intents.some((intent) => typeof intent === "string" && SELECT.test(intent));
}

/**
 * The form's data with every chosen match written into its field (the radio's value is the name to
 * store), so each page reads its fields as it always does. A radio naming a field the form does not
 * have is ignored.
 */
export function applyPickedNames(formData: FormData): FormData {
  const picked = [...formData.keys()].filter((name) => name.startsWith(CHOICE_PREFIX));
  if (picked.length === 0) return formData;
  const result = new FormData();
  for (const [name, value] of formData) if (!name.startsWith(CHOICE_PREFIX)) result.append(name, value);
  for (const name of picked) {
    const field = name.slice(CHOICE_PREFIX.length);
    const value = formData.get(name);
    if (typeof value !== "string" || value.length > 200 || !formData.has(field)) continue;
    result.set(field, value);
  }
  return result;
}

/** The matches a search answered, for the field that asked (rendered as radios without JavaScript). */
export interface PickerSearchView {
  kind: PickerKind;
  field: string;
  query: string;
  matches: BankMatch[];
}

/** What a page with bank fields hands its fields: the search just made, and a note per name shown. */
export interface BankPickerView {
  search: PickerSearchView | null;
  /** Keyed by the field's name, for the value the page shows in it. */
  notes: Record<string, PickerNote & { value: string }>;
}

/** The bank fields a page shows, with their values: a bank field, or a branch field and its bank's name. */
export type PickerField =
  | { kind: "bank"; field: string; value: string }
  | { kind: "branch"; field: string; value: string; bankValue: string };

export const EMPTY_BANK_PICKER: BankPickerView = { search: null, notes: {} };

/** Without JavaScript, a wizard step comes back from its search with these in the URL (PRG). */
export const PICKER_URL = {
  field: "bank_search",
  kind: "bank_search_kind",
  query: "bank_q",
  bank: "bank_of",
};
