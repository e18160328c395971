// The entry detail page's view model: what a business owner reads of an entry after it was
// submitted (pure; the loader's call is tested in tests/integration/entry-detail.test.ts).

import { describe, expect, it } from "vitest";
import { ClaimStatus, EntryStatus } from "~/domain/statuses";
import { entryDetailView } from "~/routes/_mypage.entry.detail.$entryId/view-model";
import { bankCalendar } from "~/lookup/japan-holidays.server";
import type { EntryDetail } from "~/upstream/entries.server";

const FILE = {
  id: 7,
  kind: "invoice-1",
  name: "請求書.pdf",
  created_at: "2026-11-01T10:00:00+09:00",
  error: false,
};

const NOW = new Date("2026-12-01T09:00:00+09:00");
/** The holidays the loader hands the view for the entry's return dates. */
const CALENDAR = bankCalendar("2026-11-01", "2027-12-31");

const BRAND = {
  operatorName: "サキドリ株式会社",
  returnAccount: {
    bankName: "サキドリ銀行",
    bankCode: "0999",
    branchName: "本店営業部",
    branchCode: "001",
    depositType: "普通",
    accountNumber: "1234567",
    holderName: "ｻｷﾄﾞﾘ(ｶ",
  },
} as const;

const ENTRY: EntryDetail = {
  id: 12,
  code: "E000012",
  status: EntryStatus.inadequate,
  purchase_amount_desired: "1000000",
  purpose: "運転資金",
  description_of_inadequate_document: "決算書類: 2期分をご提出ください。\n請求書1: 日付が読めません。",
  financial_statement_confirmation_status: 2,
  account_activity_statement_confirmation_status: 1,
  created_at: "2026-11-01T10:00:00+09:00",
  reviewed_at: undefined,
  contracted_at: undefined,
  transferred_at: undefined,
  transaction_completed_at: undefined,
  cancelled_at: undefined,
  rejected_at: undefined,
  addfiles: [],
  claims: [
    {
      id: 30,
      code: "E000012-1",
      status: ClaimStatus.inadequate,
      invoice_confirmation_status: 2,
      additional_doc_confirmation_status: 4,
      obliger_company_name: "株式会社売掛先",
      amount: 1_100_000,
      obliger_payment_date: "2026-12-31",
      receive_payment_account: {
        bank_name: "みどり銀行",
        deposit_type: "current",
        bank_account_number: "1234567",
        obliger_accounts: [{ holder_name: "カ）ウリカケサキ" }],
      },
      inadequate_reason: "日付が読めません。",
      contentfiles: [FILE],
    },
  ],
};

describe("entryDetailView", () => {
  it("the entry in Japanese: status, 申込日, amounts as 1,000,000円, each document group's review status", () => {
    const view = entryDetailView(ENTRY, NOW, BRAND, CALENDAR);
    expect(view).toMatchObject({
      code: "E000012",
      statusLabel: "不備あり",
      tone: "attention",
      createdDate: "2026年11月1日（日）",
      desiredAmount: "1,000,000円",
      purpose: "運転資金",
    });
    expect(view.documents).toEqual([
      { label: "決算書類", status: "不備あり" },
      { label: "入出金明細", status: "確認中" },
    ]);
  });

  it("§4 confirmation statuses start as nothing: a just-submitted entry's documents read 受付済み where files were sent, never 未提出", () => {
    const submitted: EntryDetail = {
      ...ENTRY,
      status: EntryStatus.under_review,
      financial_statement_confirmation_status: 4,
      account_activity_statement_confirmation_status: 4,
      addfiles: [
        { ...FILE, id: 8, kind: "pl", name: "損益計算書.pdf" },
        { ...FILE, id: 9, kind: "passbook_cover", name: "通帳表紙.pdf" },
      ],
      claims: [{ ...ENTRY.claims[0]!, status: ClaimStatus.under_review, invoice_confirmation_status: 4 }],
    };
    const view = entryDetailView(submitted, NOW, BRAND, CALENDAR);
    expect(view.documents).toEqual([
      { label: "決算書類", status: "受付済み" },
      { label: "入出金明細", status: "受付済み" },
    ]);
    expect(view.claims[0]!.documents).toEqual([
      { label: "請求書", status: "受付済み" },
      { label: "追加書類", status: "提出なし" },
    ]);
  });

  it("inadequate: the operator's words, for the entry and at the claim", () => {
    const view = entryDetailView(ENTRY, NOW, BRAND, CALENDAR);
    expect(view.inadequateDocuments).toBe(ENTRY.description_of_inadequate_document);
    expect(view.claims[0]).toMatchObject({ inadequate: true, inadequateReason: "日付が読めません。" });
    expect(view.timeline.exception?.kind).toBe("inadequate");
  });

  it("each claim: debtor, amount, payment date, receiving account (当座 for current), holders, files by kind", () => {
    expect(entryDetailView(ENTRY, NOW, BRAND, CALENDAR).claims[0]).toMatchObject({
      number: 1,
      code: "E000012-1",
      statusLabel: "不備あり",
      debtor: "株式会社売掛先",
      amount: "1,100,000円",
      paymentDate: "2026年12月31日（木）",
      account: "みどり銀行 当座 1234567",
      holders: ["カ）ウリカケサキ"],
      documents: [
        { label: "請求書", status: "不備あり" },
        { label: "追加書類", status: "提出なし" },
      ],
      files: [{ label: "請求書1の請求書", files: [{ id: 7, name: "請求書.pdf" }] }],
    });
  });

  it("the entry's files by what they are: financial documents by kind, each statement account with its format, any other file", () => {
    const file = (id: number, kind: string, name: string) => ({ ...FILE, id, kind, name });
    const view = entryDetailView(
      {
        ...ENTRY,
        addfiles: [
          file(1, "passbook_details-1", "通帳_7月.pdf"),
          file(2, "tb_bs", "試算表_貸借.pdf"),
          file(3, "ib_details-2", "明細.pdf"),
          file(4, "tb_pl", "試算表_損益.pdf"),
          file(5, "passbook_cover-1", "表紙.png"),
          file(6, "ib_info-2", "口座情報.png"),
          file(7, "delinquency", "延滞.pdf"),
        ],
      },
      NOW,
      BRAND,
      CALENDAR,
    );
    expect(view.entryFiles.statements.accounts.map(({ bankName }) => bankName)).toEqual([null, null]);
    // An upstream that keeps what was typed of each account: its bank and number by the account.
    const typed = entryDetailView(
      {
        ...ENTRY,
        addfiles: [file(5, "passbook_cover-1", "表紙.png")],
        banks: [{ bank_name: "みどり銀行", bank_account_number: "1234567" }],
      },
      NOW,
      BRAND,
      CALENDAR,
    );
    expect(typed.entryFiles.statements.accounts[0]).toMatchObject({
      bankName: "みどり銀行",
      accountNumber: "1234567",
    });
    expect(view.entryFiles).toEqual({
      financial: {
        title: "決算書類",
        files: [
          { label: "試算表（損益計算書）", files: [{ id: 4, name: "試算表_損益.pdf" }] },
          { label: "試算表（貸借対照表）", files: [{ id: 2, name: "試算表_貸借.pdf" }] },
        ],
      },
      statements: {
        title: "入出金明細",
        accounts: [
          {
            displayId: 1,
            format: "通帳",
            bankName: null,
            accountNumber: null,
            period: null,
            files: [
              { label: "通帳の表紙（口座1）", files: [{ id: 5, name: "表紙.png" }] },
              { label: "入出金のページ（口座1）", files: [{ id: 1, name: "通帳_7月.pdf" }] },
            ],
          },
          {
            displayId: 2,
            format: "インターネットバンキング",
            bankName: null,
            accountNumber: null,
            period: null,
            files: [
              { label: "口座情報の画面（口座2）", files: [{ id: 6, name: "口座情報.png" }] },
              { label: "入出金明細の画面（口座2）", files: [{ id: 3, name: "明細.pdf" }] },
            ],
          },
        ],
      },
      others: [{ id: 7, name: "延滞.pdf" }],
    });
  });

  it("an account sent with its files shows them by the account, though an account above it was removed", () => {
    const file = (id: number, kind: string, name: string) => ({ ...FILE, id, kind, name });
    // The first account was removed in the wizard: the one left carries files numbered -2, and a new
    // second one was added after it, whose files are numbered -2 too.
    const view = entryDetailView(
      {
        ...ENTRY,
        addfiles: [
          file(1, "passbook_cover-2", "表紙A.png"),
          file(2, "passbook_details-2", "通帳A.pdf"),
          file(3, "ib_info-2", "口座情報B.png"),
          file(4, "ib_details-2", "明細B.pdf"),
        ],
        banks: [
          {
            bank_name: "みどり銀行",
            bank_account_number: "1234567",
            file_format: "passbook",
            contentfiles: [1, 2],
          },
          {
            bank_name: "あおば信用金庫",
            bank_account_number: "7654321",
            file_format: "ib",
            contentfiles: [3, 4],
          },
        ],
      },
      NOW,
      BRAND,
      CALENDAR,
    );
    expect(view.entryFiles.statements.accounts).toEqual([
      {
        displayId: 1,
        format: "通帳",
        bankName: "みどり銀行",
        accountNumber: "1234567",
        period: null,
        files: [
          { label: "通帳の表紙（口座1）", files: [{ id: 1, name: "表紙A.png" }] },
          { label: "入出金のページ（口座1）", files: [{ id: 2, name: "通帳A.pdf" }] },
        ],
      },
      {
        displayId: 2,
        format: "インターネットバンキング",
        bankName: "あおば信用金庫",
        accountNumber: "7654321",
        period: null,
        files: [
          { label: "口座情報の画面（口座2）", files: [{ id: 3, name: "口座情報B.png" }] },
          { label: "入出金明細の画面（口座2）", files: [{ id: 4, name: "明細B.pdf" }] },
        ],
      },
    ]);
  });

  it("the timeline's dates as people read them", () => {
    const view = entryDetailView(
      { ...ENTRY, status: EntryStatus.reviewed, reviewed_at: "2026-11-05T09:00:00+09:00" },
      NOW,
      BRAND,
      CALENDAR,
    );
    expect(view.timeline.steps.slice(0, 2).map((step) => [step.state, step.date])).toEqual([
      ["done", "2026年11月1日（日）"],
      ["current", "2026年11月5日（木）"],
    ]);
  });

  it("a reviewed claim: the price, what comes off it, what the user receives, the annual rate; the totals", () => {
    const reviewed = {
      ...ENTRY.claims[0]!,
      status: ClaimStatus.can_buy,
      purchase_principal_amount: "1000000",
      purchase_amount: "900000",
      purchase_ratio: "0.9",
      purchase_fee: "45000",
      purchase_fee_ratio: "0.05",
      bank_charge: "660",
    };
    const view = entryDetailView(
      { ...ENTRY, status: EntryStatus.reviewed, claims: [reviewed, reviewed] },
      NOW,
      BRAND,
      CALENDAR,
    );
    // Payout by 2026-12-02 (the business day after today) → deadline 2027-01-04 (12/31 moves past
    // 年末年始): 33 days; the cost 145,660 ÷ 854,340 × 365 ÷ 33 = 188.57…%, not the fee's 5%.
    expect(view.claims[0]!.figures).toEqual({
      purchaseAmount: "900,000円",
      ratio: "90%",
      fee: "45,000円",
      feeRatio: "5%",
      bankCharge: "660円",
      received: "854,340円",
      repayment: "1,000,000円",
      marginPart: "100,000円",
      cost: "145,660円",
      days: "33日",
      annualRate: "約188.6%",
    });
    expect(view.totals).toEqual({
      purchaseAmount: "1,800,000円",
      fee: "90,000円",
      bankCharge: "1,320円",
      received: "1,708,680円",
      repayment: "2,000,000円",
      marginPart: "200,000円",
      cost: "291,320円",
    });
    expect(entryDetailView(ENTRY, NOW, BRAND, CALENDAR).totals).toBeNull();
  });

  it("the rate fixed at contract: after the contract it counts from the payout the contract promised, the same on every later visit", () => {
    const contracted = {
      ...ENTRY.claims[0]!,
      status: ClaimStatus.contracted,
      purchase_amount: "900000",
      purchase_fee: "45000",
      bank_charge: "660",
      return_date: "2026-12-31",
    };
    const entry = {
      ...ENTRY,
      status: EntryStatus.contracted,
      contracted_at: "2026-12-01T15:00:00+09:00",
      claims: [contracted],
    };
    const rateOn = (now: Date) => entryDetailView(entry, now, BRAND, CALENDAR).claims[0]!.figures?.annualRate;
    // Contract 2026-12-01 → payout by 12-02 → deadline 2027-01-04: 33 days, as agreed; the same later.
    expect(rateOn(NOW)).toBe("約318.0%");
    expect(rateOn(new Date("2026-12-11T09:00:00+09:00"))).toBe("約318.0%");
    expect(rateOn(new Date("2027-01-20T09:00:00+09:00"))).toBe("約318.0%");
  });

  const REVIEWED_CLAIM = {
    ...ENTRY.claims[0]!,
    status: ClaimStatus.can_buy,
    purchase_principal_amount: "1000000",
    purchase_amount: "900000",
    purchase_fee: "45000",
    bank_charge: "660",
  };

  it("reviewed with a claim that can be bought: the contract and the agreement are offered; nothing about returns yet", () => {
    const view = entryDetailView(
      { ...ENTRY, status: EntryStatus.reviewed, claims: [REVIEWED_CLAIM] },
      NOW,
      BRAND,
      CALENDAR,
    );
    expect(view.contractPath).toBe("/entry/contract/12");
    expect(view.agreementPath).toBe("/entry/12/factoring_service_agreement");
    expect(view.payout).toBeNull();
    expect(view.claims[0]!.returnObligation).toBeNull();
    const none = entryDetailView(
      {
        ...ENTRY,
        status: EntryStatus.reviewed,
        claims: [{ ...REVIEWED_CLAIM, status: ClaimStatus.cannot_buy }],
      },
      NOW,
      BRAND,
      CALENDAR,
    );
    expect(none.contractPath).toBeNull();
    expect(entryDetailView(ENTRY, NOW, BRAND, CALENDAR).agreementPath).toBeNull();
  });

  it("reviewed but refused by the contract rule (a deadline that has come, the identity): no way to the contract, the reason instead; an entry not reviewed says nothing of it", () => {
    const refusal = { message: "本人確認書類の有効期限が切れているため…", action: null, contact: false };
    const reviewed = { ...ENTRY, status: EntryStatus.reviewed, claims: [REVIEWED_CLAIM] };
    const view = entryDetailView(reviewed, NOW, BRAND, CALENDAR, { contractRefusal: refusal });
    expect(view.contractPath).toBeNull();
    expect(view.contractRefusal).toEqual(refusal);
    expect(view.agreementPath).toBe("/entry/12/factoring_service_agreement");
    expect(
      entryDetailView(ENTRY, NOW, BRAND, CALENDAR, { contractRefusal: refusal }).contractRefusal,
    ).toBeNull();
  });

  it("after contract: the payout date, each claim's return date and amount, the account, the calendar file", () => {
    const contracted = {
      ...ENTRY,
      status: EntryStatus.transferred,
      contracted_at: "2026-11-20T10:00:00+09:00",
      transferred_at: "2026-11-21T10:00:00+09:00",
      claims: [
        { ...REVIEWED_CLAIM, status: ClaimStatus.transferred, return_date: "2026-12-31" },
        { ...REVIEWED_CLAIM, id: 31, status: ClaimStatus.delay, return_date: "2026-11-28" },
      ],
    };
    const view = entryDetailView(contracted, NOW, BRAND, CALENDAR);
    expect(view.contractPath).toBeNull();
    expect(view.cancellable).toBe(false);
    expect(view.payout).toEqual({
      contractedDate: "2026年11月20日（金）",
      transferredDate: "2026年11月21日（土）",
      // The operator's account in full, each part on its own line (returnAccountLines).
      returnAccount: {
        operatorName: "サキドリ株式会社",
        lines: [
          { part: "bank", label: "銀行", value: "サキドリ銀行（0999）" },
          { part: "branch", label: "支店", value: "本店営業部（001）" },
          { part: "depositType", label: "種目", value: "普通" },
          { part: "number", label: "口座番号", value: "1234567" },
          { part: "holder", label: "口座名義", value: "ｻｷﾄﾞﾘ(ｶ" },
        ],
      },
      calendarPath: "/entry/detail/12/return.ics",
    });
    expect(view.claims.map((claim) => claim.returnObligation)).toEqual([
      {
        // Banks are closed 12/31–1/3: the deadline is the next business day, and counted to.
        dueDate: "2027年1月4日（月）",
        amount: "1,000,000円",
        state: "owed",
        when: "あと34日",
        note: "2026年12月31日（木・年末年始）は銀行休業日のため、返金期日は翌営業日の2027年1月4日（月）です。",
        returnedDate: "",
      },
      // Already late (Saturday 11-28 → Monday 11-30): it keeps its note.
      {
        dueDate: "2026年11月30日（月）",
        amount: "1,000,000円",
        state: "late",
        when: "期日を1日過ぎています",
        note: "2026年11月28日（土）は銀行休業日のため、返金期日は翌営業日の2026年11月30日（月）です。",
        returnedDate: "",
      },
    ]);
    const delayedEarly = entryDetailView(
      { ...contracted, claims: [{ ...contracted.claims[1]!, return_date: "2026-12-31" }] },
      NOW,
      BRAND,
      CALENDAR,
    );
    expect(delayedEarly.claims[0]!.returnObligation).toMatchObject({ state: "late", when: "遅れています" });
    const settled = entryDetailView(
      {
        ...contracted,
        claims: contracted.claims.map((claim) => ({ ...claim, status: ClaimStatus.returned })),
      },
      NOW,
      BRAND,
      CALENDAR,
    );
    expect(settled.payout).toMatchObject({ returnAccount: null, calendarPath: null });
    expect(settled.claims[0]!.returnObligation?.when).toBe("ご返金を確認しました");
    expect(settled.claims[0]!.returnObligation?.dueDate).toBe("2027年1月4日（月）");
  });

  it("a return received shows the day it came, also while another is owed; all received, the entry reads 完了（ご返金確認済み）", () => {
    const paidOut = {
      ...ENTRY,
      status: EntryStatus.transferred,
      contracted_at: "2026-11-20T10:00:00+09:00",
      transferred_at: "2026-11-21T10:00:00+09:00",
    };
    const returned = {
      ...REVIEWED_CLAIM,
      status: ClaimStatus.returned,
      return_date: "2026-12-31",
      // Recorded just after midnight in Japan: that day, not the day before in UTC.
      returned_at: "2026-11-29T00:10:00+09:00",
    };
    const owed = { ...REVIEWED_CLAIM, id: 31, status: ClaimStatus.transferred, return_date: "2027-01-29" };
    const partly = entryDetailView({ ...paidOut, claims: [returned, owed] }, NOW, BRAND, CALENDAR);
    expect(partly.statusLabel).toBe("買取代金お振込済み");
    expect(partly.claims[0]!.returnObligation).toMatchObject({
      state: "returned",
      returnedDate: "2026年11月29日（日）",
    });
    expect(partly.claims[1]!.returnObligation).toMatchObject({ state: "owed", returnedDate: "" });

    const completed = entryDetailView(
      {
        ...paidOut,
        transaction_completed_at: "2026-12-01T08:00:00+09:00",
        claims: [
          returned,
          { ...owed, status: ClaimStatus.returned, returned_at: "2026-12-01T08:00:00+09:00" },
        ],
      },
      NOW,
      BRAND,
      CALENDAR,
    );
    expect(completed).toMatchObject({ statusLabel: "完了（ご返金確認済み）", tone: "done" });
    expect(completed.claims.map((claim) => claim.returnObligation?.returnedDate)).toEqual([
      "2026年11月29日（日）",
      "2026年12月1日（火）",
    ]);
    expect(completed.timeline.steps.at(-1)).toMatchObject({
      label: "完了",
      state: "done",
      date: "2026年12月1日（火）",
    });
  });
});
