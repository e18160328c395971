// The withdrawal step's form (§2 /entry/withdrawal_details, step submitWithdrawalsDetail): its id, its
// fields (statementField, bankAccountField: the draft's shape) read back into the draft's banks and
// payout account, and its own buttons. Pure: used by the action, the view model and the page.

import { formatHolderName, normalizeBankAccountNumber } from "~/domain/bank-account";
import type { DraftBank, DraftBankAccount } from "~/domain/draft-entry";
import {
  MAX_STATEMENTS,
  bankAccountField,
  effectiveFileFormat,
  statementField,
} from "~/domain/withdrawal-step";

/** The id of the step's form: its fields join it by the `form` attribute; failures name it. */
export const WITHDRAWAL_FORM_ID = "withdrawal-form";

/** What the form holds, as the draft stores it. */
export interface WithdrawalValues {
  banks: DraftBank[];
  bank_account: DraftBankAccount;
}

export const emptyStatement = (): DraftBank => ({
  bank_name: "",
  bank_account_number: "",
  file_format: "passbook",
  contentfile_relations: [],
});

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** An account number as people type it, normalised (full-width, spaces, hyphens); §5 checks the rest. */
const digits = (formData: FormData, name: string) => normalizeBankAccountNumber(text(formData, name));

/**
 * The statements as posted, in order, with each one's files taken from the stored draft (the form
 * never carries upload ids). A POST without statement fields keeps the stored ones.
 */
export function statementsFrom(formData: FormData, stored: readonly DraftBank[]): DraftBank[] {
  if (!formData.has(statementField(0, "bank_name"))) return stored.map((bank) => ({ ...bank }));
  const banks: DraftBank[] = [];
  for (
    let index = 0;
    index < MAX_STATEMENTS && formData.has(statementField(index, "bank_name"));
    index += 1
  ) {
    banks.push({
      bank_name: text(formData, statementField(index, "bank_name")),
      bank_account_number: digits(formData, statementField(index, "bank_account_number")),
      file_format: effectiveFileFormat(text(formData, statementField(index, "file_format"))),
      contentfile_relations: [...(stored[index]?.contentfile_relations ?? [])],
    });
  }
  return banks;
}

/** The payout account as posted; the holder name formatted as it will be sent (§7). */
export function bankAccountFrom(formData: FormData): DraftBankAccount {
  const depositType = text(formData, bankAccountField("deposit_type"));
  const holder = text(formData, bankAccountField("account_holder_name"));
  return {
    bank_name: text(formData, bankAccountField("bank_name")),
    branch_name: text(formData, bankAccountField("branch_name")),
    deposit_type: depositType === "ordinary" || depositType === "checking" ? depositType : null,
    bank_account_number: digits(formData, bankAccountField("bank_account_number")),
    account_holder_name: holder ? formatHolderName(holder) : "",
  };
}

/** What was typed, with the statements' files from the stored draft. */
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
