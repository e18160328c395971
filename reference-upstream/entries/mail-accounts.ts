// The two accounts a mail names, written out so the mail alone suffices and never confused: the
// owner's payout account (where the purchase price is paid; the number masked but its last 4 digits,
// enough to recognise it) and the operator's return account in full, each part labelled as the
// contract page and the .ics write them (returnAccountLines).

import { BANK_ACCOUNT_DEPOSIT_TYPE_LABELS } from "../../app/domain/bank-account";
import {
  type AccountLine,
  type ReturnAccount,
  returnAccountHeading,
  returnAccountLines,
} from "../../app/domain/account-lines";
import { branchDisplayName } from "../../app/domain/payout-account";
import { parseJson } from "../users";

interface StoredBankAccount {
  bank_name?: string;
  branch_name?: string;
  deposit_type?: string;
  bank_account_number?: string;
  account_holder_name?: string;
}

const asText = ({ label, value }: Pick<AccountLine, "label" | "value">) => `${label}：${value}`;

/** 「1234567」 → 「***4567」. */
export function maskedAccountNumber(number: string): string {
  return number.length <= 4 ? number : `${"*".repeat(number.length - 4)}${number.slice(-4)}`;
}

/**
 * The payout account of an entry (its bank_account, else the one on the owner's profile: where the
 * operator pays), under its heading; null when neither names a bank.
 */
export function payoutAccountMailLines(
  entryAccount: string | null,
  profileAccount: string | null,
  options: { masked: boolean },
): string[] | null {
  const account =
    [entryAccount, profileAccount]
      .map((stored) => parseJson<StoredBankAccount | null>(stored, null))
      .find((candidate) => candidate?.bank_name) ?? null;
  if (!account) return null;
  const number = account.bank_account_number ?? "";
  const depositType =
    account.deposit_type === "checking" || account.deposit_type === "current"
      ? BANK_ACCOUNT_DEPOSIT_TYPE_LABELS.checking
      : BANK_ACCOUNT_DEPOSIT_TYPE_LABELS.ordinary;
  return [
    "買取代金のお振込先（お客さまの口座）：",
    ...[
      { label: "銀行", value: account.bank_name ?? "" },
      { label: "支店", value: branchDisplayName(account.branch_name ?? "", null) },
      { label: "種目", value: depositType },
      { label: "口座番号", value: options.masked ? maskedAccountNumber(number) : number },
      { label: "口座名義", value: account.account_holder_name ?? "" },
    ].map(asText),
  ];
}

/** The operator's return account in full under its heading, as the .ics description writes it. */
export function returnAccountMailLines(account: ReturnAccount, operatorName: string): string[] {
  return [`${returnAccountHeading(operatorName)}：`, ...returnAccountLines(account).map(asText)];
}
