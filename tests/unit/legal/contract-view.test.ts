// What the agreement states of an entry: the 掛目, what the owner receives, returns and bears, and the
// day the price is paid (the cost article of content/legal/agreement.md, filled by contract-view).

import { describe, expect, it } from "vitest";
import { BRANDS, DEFAULT_BRAND } from "~/brand/brands";
import { ClaimStatus, EntryStatus } from "~/domain/statuses";
import { agreementValues, contractView } from "~/legal/contract-view.server";
import { legalText } from "~/legal/legal-texts.server";
import { bankCalendar } from "~/lookup/japan-holidays.server";
import type { EntryDetail } from "~/upstream/entries.server";

const CALENDAR = bankCalendar("2026-11-01", "2027-12-31");
const USER = { company_name: "株式会社テスト", last_name: "山田", first_name: "太郎" };

/** The debtor transfers 1,000,000円; bought at a 掛目 of 90 %, fee 45,000円, bank charge 660円. */
const ENTRY: EntryDetail = {
  id: 12,
  code: "E000012",
  status: EntryStatus.reviewed,
  purchase_amount_desired: "1000000",
  purpose: "運転資金",
  created_at: "2026-12-01T10:00:00+09:00",
  addfiles: [],
  claims: [
    {
      id: 30,
      code: "E000012-1",
      status: ClaimStatus.can_buy,
      obliger_company_name: "株式会社売掛先",
      amount: 1_100_000,
      scheduled_deposit_amount_from_obliger: 1_000_000,
      purchase_principal_amount: "1000000",
      purchase_ratio: "0.9",
      purchase_amount: "900000",
      purchase_fee: "45000",
      purchase_fee_ratio: "0.05",
      bank_charge: "660",
      obliger_payment_date: "2027-02-26",
      contentfiles: [],
    },
  ],
} as EntryDetail;

// 12/30 (Wed): the next bank business day is 1/4, after 12/31–1/3.
const NOW = new Date("2026-12-30T10:00:00+09:00");

describe("the agreement's figures (contract-view)", () => {
  it("返金額 = 1,000,000円, 買取額 = 返金額 × 掛目 = 900,000円, お受け取り額 = 854,340円; ご負担額 = 返金額 − お受け取り額 = 145,660円, of which 掛目による差額 100,000円", () => {
    const values = agreementValues(contractView(ENTRY, USER, NOW, DEFAULT_BRAND, CALENDAR));
    expect(values).toMatchObject({
      totalRepayment: "1,000,000円",
      totalPurchaseAmount: "900,000円",
      totalFee: "45,000円",
      totalBankCharge: "660円",
      totalReceived: "854,340円",
      totalMarginPart: "100,000円",
      totalCost: "145,660円",
    });
  });

  it("the price is paid by the next bank business day after the contract's day: contracted 12/30, paid by 1/4", () => {
    const view = contractView(ENTRY, USER, NOW, DEFAULT_BRAND, CALENDAR);
    expect(agreementValues(view).payoutDate).toBe("2027年1月4日（月）");
    // Contracted on Friday 1/8: paid by Tuesday 1/12 (1/11 is 成人の日), whenever the page is read,
    // and the agreement keeps that promise's day once the transfer is made.
    const contracted: EntryDetail = {
      ...ENTRY,
      status: EntryStatus.transferred,
      contracted_at: "2027-01-08T15:00:00+09:00",
      transferred_at: "2027-01-08T16:00:00+09:00",
      claims: [{ ...ENTRY.claims[0]!, status: ClaimStatus.transferred, return_date: "2027-02-26" }],
    };
    const later = contractView(
      contracted,
      USER,
      new Date("2027-02-01T10:00:00+09:00"),
      DEFAULT_BRAND,
      CALENDAR,
    );
    expect(agreementValues(later).payoutDate).toBe("2027年1月12日（火）");
  });

  it("the cost article says what the 掛目 is and which amounts make the cost, with the entry's totals and payout day, for every brand", () => {
    for (const brand of BRANDS) {
      const view = contractView(ENTRY, USER, NOW, brand, CALENDAR);
      const text = legalText("agreement", brand, agreementValues(view));
      const price =
        text.blocks[
          text.blocks.findIndex((block) => block.type === "heading" && block.text.includes("譲渡代金")) + 1
        ]!;
      const clauses = price.type === "list" ? price.items.map((item) => item.text) : [];
      expect(clauses).toHaveLength(4);
      expect(clauses[0]).toContain("掛目");
      expect(clauses[0]).toContain("900,000円");
      expect(clauses[0]).toContain("1,000,000円");
      expect(clauses[1]).toContain("854,340円");
      expect(clauses[1]).toContain("本契約の成立日の翌営業日");
      expect(clauses[1]).toContain("2027年1月4日（月）までに");
      expect(clauses[2]).toContain("返金額の全額");
      expect(clauses[2]).toContain("145,660円");
      expect(clauses[2]).toContain("掛目による差額");
      expect(clauses[2]).toContain("100,000円");
      expect(clauses.join("")).not.toMatch(/費用を請求することはありません/);
    }
  });
});
