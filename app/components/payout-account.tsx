// The payout account in full, the one way every page shows it, with the Zengin codes.

import { BANK_ACCOUNT_FIELD_LABELS } from "~/domain/bank-account";
import type { PayoutAccountSummary } from "~/domain/payout-account";
import { Fact } from "./entry-figures";

export const PayoutAccountWords = {
  none: "お振込先口座が登録されていません。",
  unknownBank: "金融機関の一覧にない名称のため、金融機関コード・支店コードは表示していません。",
  unknownBranch: "支店の一覧にない名称のため、支店コードは表示していません。",
} as const;

export function PayoutAccount({ account, label }: { account: PayoutAccountSummary | null; label: string }) {
  if (!account) return <p>{PayoutAccountWords.none}</p>;
  const { bankCode, branchCode } = account;
  return (
    <div role="group" aria-label={label} className="payout-account">
      <dl className="summary-list">
        <Fact
          term="金融機関"
          value={bankCode ? `${account.bank}（金融機関コード ${bankCode}）` : account.bank}
          note={bankCode ? null : PayoutAccountWords.unknownBank}
        />
        <Fact
          term="支店"
          value={branchCode ? `${account.branch}（支店コード ${branchCode}）` : account.branch}
          note={bankCode && account.branch && !branchCode ? PayoutAccountWords.unknownBranch : null}
        />
        <Fact term={BANK_ACCOUNT_FIELD_LABELS.deposit_type} value={account.depositType} />
        <Fact term={BANK_ACCOUNT_FIELD_LABELS.bank_account_number} value={account.number} />
        <Fact term="口座名義" value={account.holder} />
      </dl>
    </div>
  );
}
