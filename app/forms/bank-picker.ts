// The bank and branch pickers' names and shapes, shared by the fields, actions and loaders (decision 0013).
// Without JavaScript a 「検索」 button posts search_bank:<field>; the matches come back as radios bank_choice:<field>.

import type { BankMatch, PickerKind, PickerNote } from "~/domain/bank-directory";

const SEARCH = /^search_(bank|branch):(.{1,200})$/s;
const SELECT = /^select_(bank|branch):(.{1,200})$/s;
const CHOICE_PREFIX = "bank_choice:";

export const searchIntent = (kind: PickerKind, field: string) => `search_${kind}:${field}`;
export const selectIntent = (kind: PickerKind, field: string) => `select_${kind}:${field}`;
export const choiceName = (field: string) => `${CHOICE_PREFIX}${field}`;

export function parsePickerSearch(intents: readonly unknown[]): { kind: PickerKind; field: string } | null {
  for (const intent of intents) {
    const match = typeof intent === "string" ? SEARCH.exec(intent) : null;
    if (match) return { kind: match[1] as PickerKind, field: match[2]! };
  }
  return null;
}

export function isPickerSelect(intents: readonly unknown[]): boolean {
  return intents.some((intent) => typeof intent === "string" && SELECT.test(intent));
}

/** Every chosen match written into its field, so each page reads its fields as it always does. */
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

export interface PickerSearchView {
  kind: PickerKind;
  field: string;
  query: string;
  matches: BankMatch[];
}

export interface BankPickerView {
  search: PickerSearchView | null;
  notes: Record<string, PickerNote & { value: string }>;
}

export type PickerField =
  | { kind: "bank"; field: string; value: string }
  | { kind: "branch"; field: string; value: string; bankValue: string };

export const EMPTY_BANK_PICKER: BankPickerView = { search: null, notes: {} };

export const PICKER_URL = {
  field: "bank_search",
  kind: "bank_search_kind",
  query: "bank_q",
  bank: "bank_of",
};
