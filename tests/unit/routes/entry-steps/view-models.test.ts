// The wizard steps' view models: only what each page shows, from the guard's facts (pure).

import { describe, expect, it } from "vitest";
import { EMPTY_DRAFT, type PendingFile } from "~/domain/draft-entry";
import { financialStepView } from "~/routes/_entry.entry/view-model";
import { invoiceStepView } from "~/routes/_entry.entry_.entry_invoice/view-model";
import { withdrawalStepView } from "~/routes/_entry.entry_.withdrawal_details/view-model";

const url = new URL("http://localhost:3000/entry?saved=1");
const file = (id: number, kind: string, error = false): PendingFile => ({
  id,
  kind,
  name: `${kind}.pdf`,
  created_at: "2026-11-20T10:00:00+09:00",
  error,
});
const user = { corporate_division: "corporate" as const };
const calendar = { from: "2026-11-24", to: "2027-12-08", holidays: { "2027-01-01": "元日" } };

describe("financialStepView", () => {
  it("lists each financial document's files (not a refused one, not another kind) and the saved notice", () => {
    const view = financialStepView(
      {
        user,
        draft: EMPTY_DRAFT,
        entries: [],
        files: [file(1, "tb_pl"), file(2, "tb_pl", true), file(3, "invoice-1")],
      },
      url,
    );
    expect(view.filesByKind).toEqual({
      tb_pl: [{ id: 1, name: "tb_pl.pdf", uploadedAt: expect.any(String), size: null, error: false }],
    });
    expect(view.saved).toBe(true);
    expect(view.individual).toBe(false);
  });
});

describe("withdrawalStepView", () => {
  const profileAccount = {
    bank_name: "みどり銀行",
    branch_name: "本店",
    deposit_type: "ordinary" as const,
    bank_account_number: "1234567",
    account_holder_name: "ｶ)ﾃｽﾄ",
  };
  const input = { user, entries: [], files: [], profileAccount, now: new Date("2026-11-24T00:00:00Z"), url };

  it("without a payout account in the draft, shows the profile's; one empty statement to fill", () => {
    const view = withdrawalStepView({ ...input, draft: EMPTY_DRAFT });
    expect(view.bankAccount).toEqual(profileAccount);
    expect(view.statements).toHaveLength(1);
    expect(view.statements[0]!.file_format).toBe("passbook");
  });

  it("the draft's payout account as typed beats the profile's", () => {
    const typed = { ...profileAccount, bank_name: "あおぞら銀行" };
    expect(
      withdrawalStepView({ ...input, draft: { ...EMPTY_DRAFT, bank_account: typed } }).bankAccount.bank_name,
    ).toBe("あおぞら銀行");
  });
});

describe("invoiceStepView", () => {
  it("a search with too few characters says how many to type; one with no result says what to do", () => {
    const short = invoiceStepView(
      { draft: EMPTY_DRAFT, files: [] },
      { index: 0, query: "あ", results: [], minQuery: 2 },
      url,
      calendar,
    );
    expect(short.suggestions?.message).toBe("会社名を2文字以上入力してから検索してください。");
    const none = invoiceStepView(
      { draft: EMPTY_DRAFT, files: [] },
      { index: 0, query: "ない会社", results: [], minQuery: 2 },
      url,
      calendar,
    );
    expect(none.suggestions?.message).toContain("該当する法人が見つかりませんでした");
    expect(none.claimCount).toBe(1);
    // The page is handed the holidays its payment dates may fall on, not the package's table.
    expect(none.calendar).toBe(calendar);
  });
});
