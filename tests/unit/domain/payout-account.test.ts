// The payout account in full wherever the user checks where the money goes: the bank and its code,
// the branch (written with 支店) and its code, the deposit type, the number and the holder, so a
// mistyped account is caught before money is sent. Codes come from the Zengin directory; a name the
// directory does not know is shown as stored, without a code.

import { describe, expect, it } from "vitest";
import type { BankDirectory } from "../../../app/domain/bank-directory";
import {
  branchDisplayName,
  lastEntryWithPayoutAccount,
  payoutAccountSummary,
} from "../../../app/domain/payout-account";

/** A few entries as zengin-code writes them: short names, branch names without 支店. */
const DIRECTORY: BankDirectory = {
  "0005": {
    code: "0005",
    name: "三菱ＵＦＪ",
    kana: "ミツビシユ－エフジエイ",
    branches: { "001": { code: "001", name: "本店", kana: "ホンテン" } },
  },
  "0009": {
    code: "0009",
    name: "三井住友",
    kana: "ミツイスミトモ",
    branches: {
      "200": { code: "200", name: "本店営業部", kana: "ホンテンエイギヨウブ" },
      "221": { code: "221", name: "新宿", kana: "シンジユク" },
    },
  },
  "9900": {
    code: "9900",
    name: "ゆうちょ",
    kana: "ユウチヨ",
    branches: { "018": { code: "018", name: "〇一八", kana: "ゼロイチハチ" } },
  },
};

describe("the payout account as the pages show it", () => {
  it("a bank and branch the directory knows: their names as people write them, with their codes", () => {
    expect(
      payoutAccountSummary(DIRECTORY, {
        bank_name: "三井住友銀行",
        branch_name: "新宿",
        deposit_type: "ordinary",
        bank_account_number: "1234567",
        account_holder_name: "カ）サキドリシヨウジ",
      }),
    ).toEqual({
      bank: "三井住友銀行",
      bankCode: "0009",
      branch: "新宿支店",
      branchCode: "221",
      depositType: "普通",
      number: "1234567",
      holder: "カ）サキドリシヨウジ",
    });
  });

  it("the bank's short name and a branch typed with 支店 find the same codes; checking is 当座", () => {
    expect(
      payoutAccountSummary(DIRECTORY, {
        bank_name: "三井住友",
        branch_name: "新宿支店",
        deposit_type: "checking",
        bank_account_number: "7654321",
        account_holder_name: "ヤマダ　タロウ",
      }),
    ).toMatchObject({
      bank: "三井住友銀行",
      bankCode: "0009",
      branch: "新宿支店",
      branchCode: "221",
      depositType: "当座",
    });
  });

  it("a name the directory does not know is shown as stored, without a code", () => {
    expect(
      payoutAccountSummary(DIRECTORY, {
        bank_name: "みどり銀行",
        branch_name: "本店営業部",
        deposit_type: "ordinary",
        bank_account_number: "2345678",
        account_holder_name: "カ）サキドリ",
      }),
    ).toMatchObject({ bank: "みどり銀行", bankCode: null, branch: "本店営業部", branchCode: null });
    expect(payoutAccountSummary(DIRECTORY, { bank_name: "三井住友銀行", branch_name: "架空" })).toMatchObject(
      { bankCode: "0009", branch: "架空支店", branchCode: null, depositType: "", number: "" },
    );
  });

  it("no bank name, no account to show", () => {
    expect(payoutAccountSummary(DIRECTORY, null)).toBeNull();
    expect(payoutAccountSummary(DIRECTORY, { bank_name: " ", branch_name: "新宿" })).toBeNull();
  });
});

describe("a branch's name as a transfer form writes it", () => {
  it("a plain name gets 支店; a name that already says what it is keeps it", () => {
    expect(branchDisplayName("新宿", "0009")).toBe("新宿支店");
    expect(branchDisplayName("長万部", "0009")).toBe("長万部支店");
    for (const name of [
      "本店",
      "本店営業部",
      "ドリーム出張所",
      "彦根東代理店",
      "本所",
      "西支所",
      "駅前支店",
    ]) {
      expect(branchDisplayName(name, "0009")).toBe(name);
    }
  });

  it("ゆうちょ銀行's branches are 〇一八店", () => {
    expect(branchDisplayName("〇一八", "9900")).toBe("〇一八店");
    expect(branchDisplayName("〇一八店", "9900")).toBe("〇一八店");
  });

  it("a bank the directory does not know: the same rule", () => {
    expect(branchDisplayName("駅前", null)).toBe("駅前支店");
  });
});

describe("/profile's payout account with none registered is the one the last entry named", () => {
  const entry = (created_at: string, bank_name: string | null) => ({
    created_at,
    bank_account: bank_name ? { bank_name, bank_account_number: "1234567" } : null,
  });

  it("the newest entry that named an account, whatever the list's order", () => {
    const entries = [
      entry("2026-10-01T10:00:00+09:00", "みずほ銀行"),
      entry("2026-11-20T09:00:00+09:00", "りそな銀行"),
      entry("2026-11-01T09:00:00+09:00", "三井住友銀行"),
    ];
    expect(lastEntryWithPayoutAccount(entries)?.bank_account?.bank_name).toBe("りそな銀行");
  });

  it("an entry that named none is passed over; none at all is null", () => {
    const entries = [
      entry("2026-10-01T10:00:00+09:00", "みずほ銀行"),
      entry("2026-11-20T09:00:00+09:00", null),
    ];
    expect(lastEntryWithPayoutAccount(entries)?.bank_account?.bank_name).toBe("みずほ銀行");
    expect(lastEntryWithPayoutAccount([entry("2026-11-20T09:00:00+09:00", "  ")])).toBeNull();
    expect(lastEntryWithPayoutAccount([])).toBeNull();
  });
});
