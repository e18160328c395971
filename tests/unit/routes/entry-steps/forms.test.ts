// The wizard steps' pure form modules: what a post becomes in the draft, and the step's own
// buttons. The actions that run them are proven in tests/integration/wizard-step-actions.test.ts.

import { describe, expect, it } from "vitest";
import { EMPTY_DRAFT, type DraftEntry } from "~/domain/draft-entry";
import { ValidationMessage } from "~/domain/messages";
import { financialAnswersFrom, financialAnswersOf } from "~/routes/_entry.entry/form";
import {
  draftFromFormValues,
  parseIntent,
  readInvoiceForm,
  suggestionChoiceName,
} from "~/components/invoice-form";
import {
  bankAccountFrom,
  parseWithdrawalIntent,
  statementsFrom,
} from "~/routes/_entry.entry_.withdrawal_details/form";

const form = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

const draft = (overrides: Partial<DraftEntry>): DraftEntry => ({ ...EMPTY_DRAFT, ...overrides });

describe("the invoice step's form", () => {
  it("reads only the form's own paths, each claim's files from the stored draft", () => {
    const stored = draft({ claims: [{ contentfile_relations: [7] }, { contentfile_relations: [8, 9] }] });
    const { values, problems } = readInvoiceForm(
      form([
        ["purchase_amount_desired", "１，０００，０００"],
        ["claims[0].amount", "500000"],
        ["claims[1].obliger_company_name", "株式会社二"],
        ["claims[7].amount", "1"],
        ["contentfile_relations", "99"],
      ]),
      stored,
    );
    expect(problems).toEqual({});
    expect(values.values.claims).toHaveLength(2);
    expect(values.relations).toEqual([[7], [8, 9]]);
    expect(draftFromFormValues(values.values, values.relations).purchase_amount_desired).toBe(1_000_000);
  });

  it("keeps an amount that is no amount as typed, so the person sees it again", () => {
    const { values } = readInvoiceForm(form([["purchase_amount_desired", "abc円"]]), EMPTY_DRAFT);
    expect(draftFromFormValues(values.values, values.relations).purchase_amount_desired).toBe("abc円");
  });

  it("a chosen corporate-number suggestion fills the claim (no JavaScript)", () => {
    const choice = JSON.stringify({ name: "株式会社選択", houjinbangou: "1234567890123", address: "東京都" });
    const { values } = readInvoiceForm(
      form([
        ["claims[0].obliger_company_name", "せんたく"],
        [suggestionChoiceName(0), choice],
      ]),
      EMPTY_DRAFT,
    );
    expect(values.values.claims[0]).toMatchObject({
      obliger_company_name: "株式会社選択",
      houjinbangou: "1234567890123",
      houjinbangou_address: "東京都",
    });
  });

  it("§5: a deposit type other than 普通 or 当座 is a problem at its field", () => {
    const { problems } = readInvoiceForm(
      form([["claims[0].receive_payment_account.deposit_type", "savings"]]),
      EMPTY_DRAFT,
    );
    expect(problems).toEqual({
      "claims[0].receive_payment_account.deposit_type": ValidationMessage.claimDepositType,
    });
  });

  it("reads its buttons, and nothing else, as intents", () => {
    expect(parseIntent("add_claim")).toEqual({ kind: "add_claim" });
    expect(parseIntent("remove_holder:1:2")).toEqual({ kind: "remove_holder", index: 1, holder: 2 });
    expect(parseIntent("remove_claim:9")).toBeNull();
    expect(parseIntent("drop_table")).toBeNull();
  });
});

describe("the financial step's form", () => {
  it("an answer that is no option is unanswered (null), as the draft keeps it", () => {
    expect(
      financialAnswersFrom(
        form([
          ["can_submit_financial_statements", "true"],
          ["tax_return_submissions", "fax"],
        ]),
      ),
    ).toEqual({
      can_submit_financial_statements: true,
      tax_return_submissions: null,
      includes_sga_expenses: null,
    });
    expect(financialAnswersOf({ includes_sga_expenses: false })).toEqual({
      can_submit_financial_statements: null,
      tax_return_submissions: null,
      includes_sga_expenses: false,
    });
  });
});

describe("the withdrawal step's form", () => {
  const stored = [
    { bank_name: "旧", bank_account_number: "1", file_format: "ib" as const, contentfile_relations: [3] },
  ];

  it("a post without statement fields keeps the stored statements", () => {
    expect(statementsFrom(form([["intent", "next"]]), stored)).toEqual(stored);
  });

  it("statements as typed, account numbers normalised, each keeping its stored files", () => {
    const banks = statementsFrom(
      form([
        ["banks[0].bank_name", " さくら銀行 "],
        ["banks[0].bank_account_number", "１２３－４５６７"],
        ["banks[0].file_format", "unknown"],
        ["banks[1].bank_name", "二"],
      ]),
      stored,
    );
    expect(banks).toEqual([
      {
        bank_name: "さくら銀行",
        bank_account_number: "1234567",
        file_format: "passbook",
        contentfile_relations: [3],
      },
      { bank_name: "二", bank_account_number: "", file_format: "passbook", contentfile_relations: [] },
    ]);
  });

  it("the payout account: an unknown deposit type is none, the holder name formatted as it is sent", () => {
    const account = bankAccountFrom(
      form([
        ["bank_account.deposit_type", "savings"],
        ["bank_account.account_holder_name", "ｶ)ﾃｽﾄ"],
      ]),
    );
    expect(account.deposit_type).toBeNull();
    expect(account.account_holder_name).not.toBe("");
  });

  it("reads its buttons as intents (0-based statements), and nothing else", () => {
    expect(parseWithdrawalIntent("add_bank")).toEqual({ kind: "add_bank" });
    expect(parseWithdrawalIntent("remove_bank:3")).toEqual({ kind: "remove_bank", index: 3 });
    expect(parseWithdrawalIntent("save_bank:10")).toEqual({ kind: "save_bank", index: 10 });
    expect(parseWithdrawalIntent("remove_bank:x")).toBeNull();
    expect(parseWithdrawalIntent("next")).toBeNull();
  });
});
