// Bank accounts in one line, as the entry's pages, the contract and the calendar file write them.

/** §3 claim deposit types (ordinary, current) and the bank account's (checking), in Japanese. */
export const DEPOSIT_TYPE_LABELS: Readonly<Record<string, string>> = {
  ordinary: "普通",
  current: "当座",
  checking: "当座",
};

/** A claim's receiving account in one line, as the user wrote it: 「みどり銀行 普通 1234567」. */
export function receivingAccountText(
  account: { bank_name?: string; deposit_type?: string; bank_account_number?: string } | null | undefined,
): string {
  if (!account) return "";
  const depositType = account.deposit_type ? DEPOSIT_TYPE_LABELS[account.deposit_type] : "";
  return [account.bank_name, depositType, account.bank_account_number].filter(Boolean).join(" ");
}

/** The operator's collection account (a brand's returnAccount), in one line as a bank transfer form asks for it. */
export function returnAccountText(account: {
  bankName: string;
  branchName: string;
  depositType: string;
  accountNumber: string;
  holderName: string;
}): string {
  return `${account.bankName} ${account.branchName} ${account.depositType} ${account.accountNumber} ${account.holderName}`;
}
