// The payout account (§3 Bank account: where the purchase price is paid) in full, as every page that
// asks the user to check it shows it: the bank and its code, the branch written with 支店 and its code,
// the deposit type, the number, the holder. A mistyped account is caught only if all of it is read.
// Codes come from the Zengin directory handed in (decision 0013); a name it does not know is shown
// as stored, without a code, rather than a guessed one. Pure.

import { BANK_ACCOUNT_DEPOSIT_TYPE_LABELS } from "./bank-account";
import { type BankDirectory, bankDisplayName, findBank, findBranch } from "./bank-directory";

/** The stored account (the entry's or the draft's bank_account); any field may be missing. */
export interface PayoutAccountInput {
  bank_name?: string | null;
  branch_name?: string | null;
  deposit_type?: string | null;
  bank_account_number?: string | null;
  account_holder_name?: string | null;
}

export interface PayoutAccountSummary {
  bank: string;
  /** The 4-digit bank code, or null when the directory does not know the name. */
  bankCode: string | null;
  branch: string;
  /** The 3-digit branch code, or null when the directory does not know the branch. */
  branchCode: string | null;
  /** 普通 or 当座; "" when not given. */
  depositType: string;
  number: string;
  holder: string;
}

const YUCHO = "9900";
/** Branch names that already say what the office is (本店, 本店営業部, …出張所, …代理店, JA's 本所/支所). */
const OFFICE_ENDINGS = ["店", "営業部", "出張所", "支所", "本所"];

/**
 * A branch as a transfer form writes it: the directory's 「新宿」 is 新宿支店; a name that already ends
 * in what the office is (本店, 本店営業部, 駅前支店, ドリーム出張所) stays; ゆうちょ銀行's offices are
 * 〇一八店.
 */
export function branchDisplayName(name: string, bankCode: string | null): string {
  const trimmed = name.normalize("NFKC").trim();
  if (trimmed === "" || OFFICE_ENDINGS.some((ending) => trimmed.endsWith(ending))) return trimmed;
  return bankCode === YUCHO ? `${trimmed}店` : `${trimmed}支店`;
}

/** §3 deposit_type: ordinary or checking (the claims' word for 当座, current, read alike). */
function depositTypeLabel(value: string | null | undefined): string {
  if (value === "ordinary") return BANK_ACCOUNT_DEPOSIT_TYPE_LABELS.ordinary;
  if (value === "checking" || value === "current") return BANK_ACCOUNT_DEPOSIT_TYPE_LABELS.checking;
  return "";
}

/** The account in full, or null when there is none (no bank name). */
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
