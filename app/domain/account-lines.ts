// Bank accounts as the entry's pages, the contract, the mails and the calendar file write them.

import { BANK_ACCOUNT_FIELD_LABELS } from "./bank-account";

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

/** The operator's collection account: where an owner sends back what a debtor paid for a bought claim. */
export interface ReturnAccount {
  bankName: string;
  /** Zengin bank code, 4 digits. */
  bankCode: string;
  branchName: string;
  /** Zengin branch code, 3 digits. */
  branchCode: string;
  depositType: "普通" | "当座";
  accountNumber: string;
  /** As the bank holds it, in half-width kana: what the owner's transfer screen shows them to match. */
  holderName: string;
}

/** One labelled part of an account, as a transfer form asks for it; `part` says which (a page lays out a number and a name apart). */
export interface AccountLine {
  part: "bank" | "branch" | "depositType" | "number" | "holder";
  label: string;
  value: string;
}

/** 「ご返金の振込先（サキドリ株式会社の口座）」: what the account is for and whose, wherever it is written. */
export function returnAccountHeading(operatorName: string): string {
  return `ご返金の振込先（${operatorName}の口座）`;
}

/**
 * The return account in full, each part labelled and in a transfer form's order (bank and its code,
 * branch and its code, 種目, number, 名義): the one way every page, mail, the agreement and the .ics
 * write it, so a part is never left out and the owner types each into its own field.
 */
export function returnAccountLines(account: ReturnAccount): AccountLine[] {
  return [
    { part: "bank", label: "銀行", value: `${account.bankName}（${account.bankCode}）` },
    { part: "branch", label: "支店", value: `${account.branchName}（${account.branchCode}）` },
    { part: "depositType", label: "種目", value: account.depositType },
    { part: "number", label: BANK_ACCOUNT_FIELD_LABELS.bank_account_number, value: account.accountNumber },
    { part: "holder", label: "口座名義", value: account.holderName },
  ];
}
