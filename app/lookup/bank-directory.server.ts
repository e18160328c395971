// The Zengin directory of banks and branches (decision 0013): npm zengin-code, about
// 5 MB of JSON read on the first look-up and kept for the life of the process. Server only: no call
// leaves the server and the data never reaches a browser bundle.

import { createRequire } from "node:module";
import {
  type BankDirectory,
  type BankMatch,
  BankPickerMessage,
  type PickerKind,
  type PickerNote,
  bankDisplayName,
  findBank,
  findBranch,
  searchBanks,
  searchBranches,
} from "~/domain/bank-directory";
import {
  type PayoutAccountInput,
  type PayoutAccountSummary,
  payoutAccountSummary,
} from "~/domain/payout-account";

let directory: BankDirectory | null = null;

/** The directory, read once per process (zengin-code is CommonJS: one object keyed by bank code). */
export function bankDirectory(): BankDirectory {
  directory ??= createRequire(import.meta.url)("zengin-code") as BankDirectory;
  return directory;
}

/** The banks matching a name, or the branches of the bank `bankName` names. */
export function pickerMatches(kind: PickerKind, query: string, bankName = ""): BankMatch[] {
  if (kind === "bank") return searchBanks(bankDirectory(), query);
  const bank = findBank(bankDirectory(), bankName);
  return bank ? searchBranches(bank, query) : [];
}

/** A bank field's note: its code when the directory knows the name, else that it does not. */
export function bankNote(name: string): PickerNote {
  if (name.trim() === "") return { code: null, note: null };
  const bank = findBank(bankDirectory(), name);
  return bank ? { code: bank.code, note: null } : { code: null, note: BankPickerMessage.unknownBank };
}

/** A branch field's note, within the bank named beside it (nothing to say while that bank is unknown). */
export function branchNote(bankName: string, name: string): PickerNote {
  const bank = findBank(bankDirectory(), bankName);
  if (!bank || name.trim() === "") return { code: null, note: null };
  const branch = findBranch(bank, name);
  return branch
    ? { code: branch.code, note: null }
    : { code: null, note: BankPickerMessage.unknownBranch(bankDisplayName(bank)) };
}

/** The payout account in full, with the codes the directory knows (app/domain/payout-account.ts). */
export function payoutAccount(account: PayoutAccountInput | null | undefined): PayoutAccountSummary | null {
  return payoutAccountSummary(bankDirectory(), account);
}
