// The Zengin directory (decision 0013): 5 MB of JSON read once per process, never in a browser bundle.

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

export function bankDirectory(): BankDirectory {
  directory ??= createRequire(import.meta.url)("zengin-code") as BankDirectory;
  return directory;
}

export function pickerMatches(kind: PickerKind, query: string, bankName = ""): BankMatch[] {
  if (kind === "bank") return searchBanks(bankDirectory(), query);
  const bank = findBank(bankDirectory(), bankName);
  return bank ? searchBranches(bank, query) : [];
}

export function bankNote(name: string): PickerNote {
  if (name.trim() === "") return { code: null, note: null };
  const bank = findBank(bankDirectory(), name);
  return bank ? { code: bank.code, note: null } : { code: null, note: BankPickerMessage.unknownBank };
}

export function branchNote(bankName: string, name: string): PickerNote {
  const bank = findBank(bankDirectory(), bankName);
  if (!bank || name.trim() === "") return { code: null, note: null };
  const branch = findBranch(bank, name);
  return branch
    ? { code: branch.code, note: null }
    : { code: null, note: BankPickerMessage.unknownBranch(bankDisplayName(bank)) };
}

export function payoutAccount(account: PayoutAccountInput | null | undefined): PayoutAccountSummary | null {
  return payoutAccountSummary(bankDirectory(), account);
}
