// The payout account in full, the one way every page shows it, with the Zengin codes.

import { BANK_ACCOUNT_FIELD_LABELS } from "~/domain/bank-account";
import type { PayoutAccountSummary } from "~/domain/payout-account";
import { Fact } from "./entry-figures";

export const PayoutAccountWords = {
  none: "お振込先口座が登録されていません。",
  /** /profile's: where the account that is paid is kept, and what the profile's one is for. */
  keptPerEntry:
    "買取代金は、お申し込みごとに、お申し込みの「お振込先口座」でご指定の口座へお振り込みします。ここにご登録の口座は、次のお申し込みの「お振込先口座」に最初から入力されます（お申し込みの画面で変更できます）。",
  lastEntry: (code: string, date: string) =>
    `まだご登録がありません。${date}の前回のお申し込み（お申し込み番号 ${code}）では、次の口座をお振込先にご指定いただいています。`,
  registerForNext: "次のお申し込みでも同じ口座をお使いになる場合は、下の欄にご登録ください。",
  locked: "ご登録の口座は、この画面では変更できません。変更をご希望の場合は、お問い合わせください。",
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

export interface LastEntryPayout {
  code: string;
  date: string;
  account: PayoutAccountSummary;
}

/** With none registered on the profile, the account the last entry named (never an empty account beside it). */
export function LastEntryPayoutAccount({ lastEntry }: { lastEntry: LastEntryPayout }) {
  return (
    <>
      <p>{PayoutAccountWords.lastEntry(lastEntry.code, lastEntry.date)}</p>
      <PayoutAccount account={lastEntry.account} label="前回のお申し込みのお振込先口座" />
    </>
  );
}
