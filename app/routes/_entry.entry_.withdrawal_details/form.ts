// The withdrawal step's form: its id, its rows read from the fields tables of the domain module
// (docs/decisions/0030-a-field-declared-once.md), and its own buttons. Pure.

import type { DraftBank, DraftBankAccount } from "~/domain/draft-entry";
import { emptyRow, postedText, readRow } from "~/domain/form-fields";
import {
  BANK_ACCOUNT_FIELDS,
  MAX_STATEMENTS,
  STATEMENT_FIELDS,
  bankAccountField,
  statementField,
} from "~/domain/withdrawal-step";

/** Its fields join it by the `form` attribute; failures name it. */
export const WITHDRAWAL_FORM_ID = "withdrawal-form";

export interface WithdrawalValues {
  banks: DraftBank[];
  bank_account: DraftBankAccount;
}

export const emptyStatement = (): DraftBank => ({ ...emptyRow(STATEMENT_FIELDS), contentfile_relations: [] });

/** Files come from the stored draft (the form never carries upload ids). */
export function statementsFrom(formData: FormData, stored: readonly DraftBank[]): DraftBank[] {
  const posted = (index: number) => formData.has(statementField(index, "bank_name"));
  if (!posted(0)) return stored.map((bank) => ({ ...bank }));
  const banks: DraftBank[] = [];
  for (let index = 0; index < MAX_STATEMENTS && posted(index); index += 1) {
    banks.push({
      ...readRow(STATEMENT_FIELDS, (field) => postedText(formData, statementField(index, field))),
      contentfile_relations: [...(stored[index]?.contentfile_relations ?? [])],
    });
  }
  return banks;
}

export const bankAccountFrom = (formData: FormData): DraftBankAccount =>
  readRow(BANK_ACCOUNT_FIELDS, (field) => postedText(formData, bankAccountField(field)));

export function withdrawalValuesFrom(formData: FormData, stored: readonly DraftBank[]): WithdrawalValues {
  return { banks: statementsFrom(formData, stored), bank_account: bankAccountFrom(formData) };
}

/** The step's own buttons (add_bank, remove_bank:<n>, save_bank:<n>; n 0-based), as StatementCard posts them. */
export type WithdrawalIntent =
  { kind: "add_bank" } | { kind: "remove_bank"; index: number } | { kind: "save_bank"; index: number };

export function parseWithdrawalIntent(value: string): WithdrawalIntent | null {
  if (value === "add_bank") return { kind: "add_bank" };
  const match = /^(remove_bank|save_bank):(\d{1,2})$/.exec(value);
  return match ? { kind: match[1] as "remove_bank" | "save_bank", index: Number(match[2]) } : null;
}
