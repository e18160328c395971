import { describe, expect, it } from "vitest";
import { EMPTY_DRAFT, type DraftEntry } from "~/domain/draft-entry";
import {
  entryBodyFromDraft,
  entryIdempotencyKey,
  integerFrom,
  postedIdempotencyKey,
  postedReviewKey,
  readableErrors,
  reviewIdempotencyKey,
} from "~/domain/entry-body";
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "~/domain/upstream-limits";

const draft: DraftEntry = {
  ...EMPTY_DRAFT,
  id: 12,
  purchase_amount_desired: "1,000,000",
  purpose: "運転資金",
  claims: [
    {
      obliger_company_name: "株式会社売掛先",
      amount: "１，１００，０００",
      scheduled_deposit_amount_from_obliger: 1000000,
      obliger_payment_date: "2026-12-31",
      is_fixed_debt: true,
      is_bank_transfer_from_obliger: true,
      receive_payment_account: {
        bank_name: "みどり銀行",
        deposit_type: "",
        bank_account_number: "１２３４５６７",
        obliger_accounts: [{ holder_name: "ｶ)ｳﾘｶｹｻｷ" }, { holder_name: " " }],
      },
      contentfile_relations: [5, 6],
    },
  ],
  banks: [
    {
      bank_name: "みどり銀行",
      bank_account_number: "7654321",
      file_format: "passbook",
      contentfile_relations: [9],
    },
  ],
};

describe("§7 the entry body from the draft", () => {
  it("parses amounts as people type them", () => {
    expect(integerFrom("1,000,000")).toBe(1000000);
    expect(integerFrom("１０００円")).toBe(1000);
    expect(integerFrom("abc")).toBe("abc");
    expect(integerFrom(null)).toBeNull();
  });

  it("claims' holder names filled from formatted names; files by relation and by kind", () => {
    const body = entryBodyFromDraft(
      draft,
      [
        { id: 20, kind: "pl", name: "pl.pdf", created_at: "" },
        { id: 21, kind: "tb_pl", name: "tb.pdf", created_at: "" },
        { id: 22, kind: "bs", name: "bs.pdf", created_at: "", error: true },
      ],
      ["pl", "bs"],
    );
    expect(body.purchase_amount_desired).toBe(1000000);
    const claim = body.claims[0] as {
      amount: number;
      receive_payment_account: Record<string, unknown>;
      contentfiles: number[];
    };
    expect(claim.amount).toBe(1100000);
    expect(claim.receive_payment_account.deposit_type).toBe("ordinary");
    expect(claim.receive_payment_account.bank_account_number).toBe("1234567");
    expect(claim.receive_payment_account.obliger_accounts).toEqual([{ holder_name: "カ）ウリカケサキ" }]);
    expect(claim.contentfiles).toEqual([5, 6]);
    expect(body.addfiles).toEqual([20, 9]);
    expect(body.banks).toEqual([
      {
        bank_name: "みどり銀行",
        bank_account_number: "7654321",
        file_format: "passbook",
        contentfiles: [9],
      },
    ]);
    expect(body.idempotency_key).toBe("draft-12");
  });

  it("a statement account sends the files of the format chosen, not those left from the other one", () => {
    const switched: DraftEntry = {
      ...draft,
      banks: [{ ...draft.banks[0]!, file_format: "ib", contentfile_relations: [30, 31, 32, 33] }],
    };
    const body = entryBodyFromDraft(
      switched,
      [
        { id: 30, kind: "passbook_cover-1", name: "cover.jpg", created_at: "" },
        { id: 31, kind: "passbook_details-1", name: "pages.jpg", created_at: "" },
        { id: 32, kind: "ib_info-1", name: "info.png", created_at: "" },
        { id: 33, kind: "ib_details-1", name: "details.pdf", created_at: "" },
      ],
      [],
    );
    expect(body.addfiles).toEqual([32, 33]);
    expect(body.banks[0]!.contentfiles).toEqual([32, 33]);
  });

  it("one draft makes one entry; two drafts never saved never share a key", () => {
    const unsaved = { ...draft, id: null };
    const first = entryBodyFromDraft(unsaved, [], []).idempotency_key;
    const second = entryBodyFromDraft(unsaved, [], []).idempotency_key;
    expect(first).not.toBe(second);
    expect(first).not.toBe("draft-none");
  });

  it("the key the confirmation page posts is read back only in the shapes the app makes, else not asked about", () => {
    expect(postedIdempotencyKey(entryIdempotencyKey(draft))).toBe("draft-12");
    const unsaved = entryIdempotencyKey({ id: null });
    expect(postedIdempotencyKey(unsaved)).toBe(unsaved);
    for (const posted of [
      null,
      "",
      "draft-",
      "draft-1x",
      "key-1",
      "draft-1\n",
      "d".repeat(65),
      ["draft-1"],
    ]) {
      expect(postedIdempotencyKey(posted)).toBeNull();
    }
  });

  it("a resubmission page's key: its own each time it is drawn, read back only for the entry it was drawn for", () => {
    const first = reviewIdempotencyKey(7);
    expect(first).toMatch(/^review-7-[0-9a-f]{32}$/);
    expect(reviewIdempotencyKey(7)).not.toBe(first);
    expect(first.length).toBeLessThanOrEqual(IDEMPOTENCY_KEY_MAX_LENGTH);
    expect(reviewIdempotencyKey("999999999999999999").length).toBeLessThanOrEqual(IDEMPOTENCY_KEY_MAX_LENGTH);
    expect(postedReviewKey(first, "7")).toBe(first);
    for (const posted of [
      null,
      "",
      "review-7-",
      first.replace("review-7", "review-8"),
      `${first}\n`,
      [first],
    ]) {
      expect(postedReviewKey(posted, 7)).toBeNull();
    }
    expect(postedReviewKey(first, 17)).toBeNull();
  });
});

describe("upstream errors as lines a person can read", () => {
  it("names the claim and the field", () => {
    expect(
      readableErrors({
        purpose: ["入力してください。"],
        claims: [
          {},
          {
            amount: ["この項目は空にできません"],
            receive_payment_account: { bank_account_number: ["7桁の半角数字で入力してください"] },
          },
        ],
        non_field_errors: ["申し込みに登録できる請求書は5個までです。"],
      }),
    ).toEqual([
      "資金使途：入力してください。",
      "請求書2 請求書額面（税込）：この項目は空にできません",
      "請求書2 入金口座 口座番号：7桁の半角数字で入力してください",
      "申し込みに登録できる請求書は5個までです。",
    ]);
  });
});
