// The payout account in full on every page that asks the user to check it: a mistyped account is
// caught only if all of it is read. Codes from the Zengin directory (decision 0013), never guessed.

import { BANK_ACCOUNT_DEPOSIT_TYPE_LABELS } from "./bank-account";
import { type BankDirectory, bankDisplayName, findBank, findBranch } from "./bank-directory";

export interface PayoutAccountInput {
  bank_name?: string | null;
  branch_name?: string | null;
  deposit_type?: string | null;
  bank_account_number?: string | null;
  account_holder_name?: string | null;
}

export interface PayoutAccountSummary {
  bank: string;
  bankCode: string | null;
  branch: string;
  branchCode: string | null;
  depositType: string;
  number: string;
  holder: string;
}

const YUCHO = "9900";
const OFFICE_ENDINGS = ["店", "営業部", "出張所", "支所", "本所"];

/** As a transfer form writes it: 「新宿」 is 新宿支店; 本店, 駅前支店 stay; ゆうちょ's offices are 〇一八店. */
export function branchDisplayName(name: string, bankCode: string | null): string {
  const trimmed = name.normalize("NFKC").trim();
  if (trimmed === "" || OFFICE_ENDINGS.some((ending) => trimmed.endsWith(ending))) return trimmed;
  return bankCode === YUCHO ? `${trimmed}店` : `${trimmed}支店`;
}

function depositTypeLabel(value: string | null | undefined): string {
  if (value === "ordinary") return BANK_ACCOUNT_DEPOSIT_TYPE_LABELS.ordinary;
  if (value === "checking" || value === "current") return BANK_ACCOUNT_DEPOSIT_TYPE_LABELS.checking;
  return "";
}

export function payoutAccountSummary(
  directory: BankDirectory,
  account: PayoutAccountInput | null | undefined,
): PayoutAccountSummary | null {
  const bankName = account?.bank_name?.trim() ?? "";
  if (!account || bankName === "") return null;
  const bank = findBank(directory, bankName);
  const branchName = account.branch_name?.trim() ?? "";
  const branch = bank && branchName ? findBranch(bank, branchName) : null;
  return {
    bank: bank ? bankDisplayName(bank) : bankName,
    bankCode: bank?.code ?? null,
    branch: branchDisplayName(branch?.name ?? branchName, bank?.code ?? null),
    branchCode: branch?.code ?? null,
    depositType: depositTypeLabel(account.deposit_type),
    number: account.bank_account_number ?? "",
    holder: account.account_holder_name ?? "",
  };
}

export interface EntryPayoutAccount {
  created_at: string;
  bank_account?: PayoutAccountInput | null;
}

/** The newest entry that named a payout account: where the last purchase price went, or will go. */
export function lastEntryWithPayoutAccount<T extends EntryPayoutAccount>(entries: readonly T[]): T | null {
  const named = entries.filter((entry) => (entry.bank_account?.bank_name?.trim() ?? "") !== "");
  return named.reduce<T | null>(
    (newest, entry) =>
      !newest || Date.parse(entry.created_at) > Date.parse(newest.created_at) ? entry : newest,
    null,
  );
}
