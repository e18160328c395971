// The confirmation page's view model (/profile/before_entry): it lists what the submit will send, no
// more and no less, and says when banks are closed on a payment date.

import { describe, expect, it } from "vitest";
import { EMPTY_DRAFT, type DraftEntry, type PendingFile } from "~/domain/draft-entry";
import { ReviewStatus } from "~/domain/statuses";
import type { EntryStepState } from "~/request/entry-guard.server";
import { beforeEntryView } from "~/routes/_entry.profile.before_entry/before-entry.server";
import { PROFILE } from "../../../fixtures/profile";

// 2026-11-15 10:00 in Japan.
const NOW = new Date("2026-11-15T01:00:00Z");

const file = (id: number, kind: string, name = `${kind}.pdf`): PendingFile => ({
  id,
  kind,
  name,
  created_at: "2026-11-10T10:00:00+09:00",
});

const FILES = [
  file(1, "invoice-1", "請求書.pdf"),
  file(2, "tb_pl", "試算表_損益.pdf"),
  file(3, "tb_bs", "試算表_貸借.pdf"),
  // Uploaded under an earlier answer (決算書): not a kind the trial balance sends.
  file(4, "pl", "損益計算書_前期.pdf"),
  file(5, "ib_info-1", "口座情報.png"),
  file(6, "ib_details-1", "明細.pdf"),
];

const claim = (date: string, files: number[]) => ({
  obliger_company_name: "株式会社売掛先",
  amount: 1_100_000,
  scheduled_deposit_amount_from_obliger: 1_000_000,
  obliger_payment_date: date,
  contentfile_relations: files,
});

const DRAFT = {
  ...EMPTY_DRAFT,
  id: 9,
  purchase_amount_desired: 1_000_000,
  purpose: "運転資金",
  can_submit_financial_statements: false,
  claims: [claim("2027-01-01", [1]), claim("2027-01-08", [])],
  banks: [
    {
      bank_name: "みどり銀行",
      bank_account_number: "1234567",
      file_format: "ib",
      contentfile_relations: [5, 6],
    },
  ],
} as DraftEntry;

const USER = {
  id: 1,
  corporate_division: "corporate",
  financial_statements_status: ReviewStatus.nothing,
  withdrawals_detail_status: ReviewStatus.nothing,
  last_withdrawals_detail_date: null,
} as unknown as EntryStepState["user"];

const view = (overrides: Partial<Pick<EntryStepState, "draft" | "files" | "user">> = {}) =>
  beforeEntryView(PROFILE, { draft: DRAFT, files: FILES, user: USER, entries: [], ...overrides }, NOW);

describe("the confirmation page lists what will be sent", () => {
  it("the financial documents of the answer given, by kind; a file of another answer is not sent, so not listed", () => {
    expect(view().entry.financial).toEqual({
      title: "決算書類",
      type: "試算表",
      files: [
        { label: "試算表（損益計算書）", files: [{ id: 2, name: "試算表_損益.pdf" }] },
        { label: "試算表（貸借対照表）", files: [{ id: 3, name: "試算表_貸借.pdf" }] },
      ],
      note: null,
    });
  });

  it("each statement account: bank, number, format, the months it shows and its files", () => {
    expect(view().entry.statements.accounts).toEqual([
      {
        displayId: 1,
        format: "インターネットバンキング",
        bankName: "みどり銀行",
        accountNumber: "1234567",
        period: "2026年7月1日（水）から本日までの入出金",
        files: [
          { label: "口座情報の画面（口座1）", files: [{ id: 5, name: "口座情報.png" }] },
          { label: "入出金明細の画面（口座1）", files: [{ id: 6, name: "明細.pdf" }] },
        ],
      },
    ]);
  });

  it("a payment date banks are closed on says the business day the money is expected; a business day says nothing", () => {
    const [holiday, businessDay] = view().entry.claims;
    expect(holiday).toMatchObject({
      paymentDate: "2027年1月1日（金）",
      files: [{ label: "請求書1の請求書", files: [{ id: 1, name: "請求書.pdf" }] }],
    });
    expect(holiday!.paymentDateNote).toContain("入金は翌営業日の2027年1月4日（月）になる見込みです。");
    expect(businessDay!.paymentDateNote).toBeNull();
  });

  it("documents the operator already confirmed, left out by the step (§4), are said to be so", () => {
    const confirmed = {
      ...USER,
      financial_statements_status: ReviewStatus.confirmed,
      withdrawals_detail_status: ReviewStatus.confirmed,
    };
    const { financial, statements } = view({
      user: confirmed,
      files: FILES.slice(0, 1),
      draft: { ...DRAFT, banks: [] },
    }).entry;
    expect(financial.note).toBe("前回ご提出いただいた決算書類は確認済みのため、今回は提出しません。");
    expect(financial.files).toEqual([]);
    expect(statements.note).toBe("前回ご提出いただいた入出金明細は確認済みのため、今回は提出しません。");
  });
});
