// The two accounts a mail names, written out so the mail alone suffices and never confused: the
// owner's payout account (where the purchase price is paid; the number masked but its last 4 digits,
// enough to recognise it) and the operator's return account in full, each part labelled as the
// contract page and the .ics write them (returnAccountLines).

import {
  type AccountLine,
  type ReturnAccount,
  returnAccountHeading,
  returnAccountLines,
} from "../../app/domain/account-lines";
import { payoutAccount } from "../../app/lookup/bank-directory.server";
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
  const stored =
    [entryAccount, profileAccount]
      .map((text) => parseJson<StoredBankAccount | null>(text, null))
      .find((candidate) => candidate?.bank_name) ?? null;
  // The pages' summary, so the codes the Zengin directory knows are the ones the pages show.
  const account = payoutAccount(stored);
  if (!account) return null;
  const withCode = (name: string, code: string | null) => (code ? `${name}（${code}）` : name);
  return [
    "買取代金のお振込先（お客さまの口座）：",
    ...[
      { label: "銀行", value: withCode(account.bank, account.bankCode) },
      { label: "支店", value: withCode(account.branch, account.branchCode) },
      { label: "種目", value: account.depositType },
      { label: "口座番号", value: options.masked ? maskedAccountNumber(account.number) : account.number },
      { label: "口座名義", value: account.holder },
    ].map(asText),
  ];
}

/** The operator's return account in full under its heading, as the .ics description writes it. */
export function returnAccountMailLines(account: ReturnAccount, operatorName: string): string[] {
  return [`${returnAccountHeading(operatorName)}：`, ...returnAccountLines(account).map(asText)];
}
