import { describe, expect, it } from "vitest";
import type { DraftBank, PendingFile } from "~/domain/draft-entry";
import { ValidationMessage } from "~/domain/messages";
import {
  WithdrawalStepMessage,
  bankAccountProblems,
  entryRequirementsMet,
  hasNoPayoutAccount,
  isWithdrawalStepComplete,
  neededWithdrawalsDetailStartDate,
  payoutAccountToShow,
  statementPeriodText,
  statementSatisfied,
  withdrawalStepProblems,
} from "~/domain/withdrawal-step";

const file = (id: number, kind: string, error = false): PendingFile => ({
  id,
  kind,
  name: `${kind}.pdf`,
  created_at: "2026-11-01T10:00:00+09:00",
  error,
});

const FILES = [
  file(1, "passbook_cover-1"),
  file(2, "passbook_details-1"),
  file(3, "ib_info-2"),
  file(4, "ib_details-2"),
  file(5, "passbook_details-3", true),
];

const bank = (overrides: Partial<DraftBank> = {}): DraftBank => ({
  bank_name: "みどり銀行",
  bank_account_number: "1234567",
  file_format: "passbook",
  contentfile_relations: [1, 2],
  ...overrides,
});

const ACCOUNT = {
  bank_name: "みどり銀行",
  branch_name: "本店営業部",
  deposit_type: "ordinary" as const,
  bank_account_number: "7654321",
  account_holder_name: "カ)サキドリ",
};

const NOT_CONFIRMED = { confirmed: false, hasInadequateClaim: false, hasDelayClaim: false };

describe("§4 An account activity statement is satisfied", () => {
  it("when passbook cover and details are both uploaded (format passbook or unknown)", () => {
    expect(statementSatisfied(bank(), FILES)).toBe(true);
    expect(statementSatisfied(bank({ file_format: "unknown" }), FILES)).toBe(true);
    expect(statementSatisfied(bank({ file_format: null }), FILES)).toBe(true);
    expect(statementSatisfied(bank({ contentfile_relations: [1] }), FILES)).toBe(false);
  });
  it("or ib info and details are both uploaded (format ib)", () => {
    expect(statementSatisfied(bank({ file_format: "ib", contentfile_relations: [3, 4] }), FILES)).toBe(true);
    expect(statementSatisfied(bank({ file_format: "ib", contentfile_relations: [1, 2, 3] }), FILES)).toBe(
      false,
    );
    // ib files do not satisfy a passbook statement
    expect(statementSatisfied(bank({ contentfile_relations: [3, 4] }), FILES)).toBe(false);
  });
  it("counts only the statement's own files, uploaded without error", () => {
    expect(statementSatisfied(bank({ contentfile_relations: [] }), FILES)).toBe(false);
    expect(statementSatisfied(bank({ contentfile_relations: [1, 5] }), FILES)).toBe(false);
  });
});

describe("§4 Entry requirements are met", () => {
  it("when at least one statement exists", () => {
    expect(entryRequirementsMet([], FILES)).toBe(false);
    expect(entryRequirementsMet([bank()], FILES)).toBe(true);
  });
  it("and every statement has a bank name, a valid 7-digit account number and satisfied uploads", () => {
    const ib = bank({ file_format: "ib", contentfile_relations: [3, 4] });
    expect(entryRequirementsMet([bank(), ib], FILES)).toBe(true);
    expect(entryRequirementsMet([bank(), { ...ib, bank_name: " " }], FILES)).toBe(false);
    expect(entryRequirementsMet([bank({ bank_account_number: "123456" })], FILES)).toBe(false);
    expect(entryRequirementsMet([bank({ bank_account_number: "１２３４５６７" })], FILES)).toBe(false);
    expect(entryRequirementsMet([bank(), { ...ib, contentfile_relations: [3] }], FILES)).toBe(false);
  });
});

describe("§5 the payout bank account", () => {
  it("accepts a complete account (holder name formatted before checking)", () => {
    expect(bankAccountProblems(ACCOUNT)).toEqual({});
    expect(bankAccountProblems({ ...ACCOUNT, account_holder_name: "ｶ)ｻｷﾄﾞﾘ" })).toEqual({});
  });
  it("blank fields get この項目は空にできません", () => {
    expect(bankAccountProblems(null)).toEqual({
      bank_name: ValidationMessage.blank,
      branch_name: ValidationMessage.blank,
      deposit_type: ValidationMessage.claimDepositType,
      bank_account_number: ValidationMessage.blank,
      account_holder_name: ValidationMessage.blank,
    });
  });
  it("deposit type ordinary or checking (current is the invoice step's word)", () => {
    expect(bankAccountProblems({ ...ACCOUNT, deposit_type: "checking" })).toEqual({});
    expect(bankAccountProblems({ ...ACCOUNT, deposit_type: "current" as never })).toEqual({
      deposit_type: "普通か当座を選択してください。",
    });
  });
  it("bank account number: exactly 7 half-width digits (7桁の半角数字で入力してください)", () => {
    for (const number of ["123456", "12345678", "12a4567"]) {
      expect(bankAccountProblems({ ...ACCOUNT, bank_account_number: number })).toEqual({
        bank_account_number: "7桁の半角数字で入力してください",
      });
    }
  });
  it("ゆうちょ銀行's 記号・番号 typed as the number, in the payout account or a statement, names the 振込用 number", () => {
    const yucho = { bank_name: "ゆうちょ銀行", bank_account_number: "12345671" };
    expect(bankAccountProblems({ ...ACCOUNT, ...yucho }).bank_account_number).toMatch(
      /^ゆうちょ銀行の記号・番号ではなく、振込用の店名（漢数字3桁）と口座番号（7桁）をご入力ください。/,
    );
    expect(withdrawalStepProblems([bank(yucho)], ACCOUNT, FILES)["banks[0].bank_account_number"]).toMatch(
      /^ゆうちょ銀行の記号・番号ではなく/,
    );
  });
  it("account holder name: ヲ excluded, at most 30 characters, not marks only", () => {
    const message = "ヲを除くカタカナ、英数字、゛゜（）「」／．ー￥スペースで、30文字以内で入力してください";
    for (const name of ["ヲカダ", "ア".repeat(31), "（）ー"]) {
      expect(bankAccountProblems({ ...ACCOUNT, account_holder_name: name })).toEqual({
        account_holder_name: message,
      });
    }
    expect(bankAccountProblems({ ...ACCOUNT, account_holder_name: "ア".repeat(30) })).toEqual({});
  });
});

describe("withdrawal step problems", () => {
  it("no statement at all", () => {
    expect(withdrawalStepProblems([], ACCOUNT, FILES)).toEqual({ banks: WithdrawalStepMessage.noStatements });
  });
  it("per statement and per payout field, keyed by form field name", () => {
    const problems = withdrawalStepProblems(
      [
        bank(),
        bank({ bank_name: "", bank_account_number: "12", file_format: "ib", contentfile_relations: [3] }),
      ],
      { ...ACCOUNT, branch_name: "" },
      FILES,
    );
    expect(problems).toEqual({
      "banks[1].bank_name": ValidationMessage.blank,
      "banks[1].bank_account_number": ValidationMessage.bankAccountNumber,
      "banks[1].uploads": "口座情報の画面と入出金明細の画面をアップロードしてください。",
      "bank_account.branch_name": ValidationMessage.blank,
    });
  });
});

describe("§4 Withdrawal step is complete", () => {
  it("if entry requirements and bank account are satisfied", () => {
    expect(isWithdrawalStepComplete([bank()], ACCOUNT, FILES, NOT_CONFIRMED)).toBe(true);
    expect(isWithdrawalStepComplete([bank()], null, FILES, NOT_CONFIRMED)).toBe(false);
    expect(isWithdrawalStepComplete([], ACCOUNT, FILES, NOT_CONFIRMED)).toBe(false);
  });
  it("or withdrawal details are confirmed with no inadequate claim and no delay claim", () => {
    const confirmed = { confirmed: true, hasInadequateClaim: false, hasDelayClaim: false };
    expect(isWithdrawalStepComplete([], null, [], confirmed)).toBe(true);
    expect(isWithdrawalStepComplete([], null, [], { ...confirmed, hasInadequateClaim: true })).toBe(false);
    expect(isWithdrawalStepComplete([], null, [], { ...confirmed, hasDelayClaim: true })).toBe(false);
  });
});

describe("§4 Needed withdrawals-detail start date", () => {
  // 2026-11-15 10:00 in Japan.
  const now = new Date("2026-11-15T01:00:00Z");

  it("the start of the month 4 months ago when absent", () => {
    expect(neededWithdrawalsDetailStartDate(null, now)).toBe("2026-07-01");
    expect(neededWithdrawalsDetailStartDate(undefined, now)).toBe("2026-07-01");
  });
  it("the given last withdrawals detail date if within 4 months", () => {
    expect(neededWithdrawalsDetailStartDate("2026-09-20", now)).toBe("2026-09-20");
    expect(neededWithdrawalsDetailStartDate("2026-07-15", now)).toBe("2026-07-15");
    expect(neededWithdrawalsDetailStartDate("2026-11-15", now)).toBe("2026-11-15");
  });
  it("otherwise the start of the month 4 months ago", () => {
    expect(neededWithdrawalsDetailStartDate("2026-07-14", now)).toBe("2026-07-01");
    expect(neededWithdrawalsDetailStartDate("2025-01-01", now)).toBe("2026-07-01");
    expect(neededWithdrawalsDetailStartDate("not a date", now)).toBe("2026-07-01");
    // a date in the future is no start date
    expect(neededWithdrawalsDetailStartDate("2026-12-01", now)).toBe("2026-07-01");
  });
  it("uses Japan's date, across a year boundary", () => {
    // 2027-02-28 23:30 UTC is 2027-03-01 in Japan: 4 months before March is November 2026.
    expect(neededWithdrawalsDetailStartDate(null, new Date("2027-02-28T23:30:00Z"))).toBe("2026-11-01");
    expect(neededWithdrawalsDetailStartDate(null, new Date("2027-01-10T00:00:00Z"))).toBe("2026-09-01");
  });
  it("reads a timestamp as Japan's date", () => {
    expect(neededWithdrawalsDetailStartDate("2026-09-30T16:00:00Z", now)).toBe("2026-10-01");
  });
  it("said as the months a statement shows, to the day the entry is sent", () => {
    expect(statementPeriodText(null, now)).toBe("2026年7月1日（水）から本日までの入出金");
    expect(statementPeriodText("2026-09-20", now)).toBe("2026年9月20日（日）から本日までの入出金");
  });
});

describe("the payout account shown (prefilled from the profile's saved account)", () => {
  const saved = {
    bank_name: "みどり銀行",
    branch_name: "本店営業部",
    deposit_type: "ordinary" as const,
    bank_account_number: "2345678",
    account_holder_name: "カ）サキドリ",
  };

  it("the draft has none: the profile's saved account", () => {
    expect(payoutAccountToShow(null, saved)).toEqual(saved);
    expect(
      payoutAccountToShow(
        {
          bank_name: "",
          branch_name: " ",
          deposit_type: null,
          bank_account_number: "",
          account_holder_name: "",
        },
        saved,
      ),
    ).toEqual(saved);
  });

  it("the draft has one, even in part: the draft's, as typed", () => {
    const typed = { bank_name: "さくら信用金庫", branch_name: "", bank_account_number: "" };
    expect(payoutAccountToShow(typed, saved)).toEqual(typed);
  });

  it("neither has one: nothing", () => {
    expect(payoutAccountToShow(null, null)).toBeNull();
    expect(hasNoPayoutAccount({ bank_name: "" })).toBe(true);
  });
});
