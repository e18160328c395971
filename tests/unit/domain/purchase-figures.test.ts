// The money on offer for a reviewed claim: what the user receives, returns, and what it costs them.

import { describe, expect, it } from "vitest";
import {
  annualCostRate,
  claimFigures,
  claimFiguresText,
  daysUntil,
  figureTotals,
  countsInTotals,
  figureTotalsScope,
  payoutDay,
  ratioPercent,
  yenAmount,
} from "~/domain/purchase-figures";
import { ClaimStatus } from "~/domain/statuses";
import { bankCalendar } from "~/lookup/japan-holidays.server";

const calendar = bankCalendar("2026-10-01", "2027-12-31");

describe("purchase figures", () => {
  it("amounts as the upstream gives them: decimal strings without decimals or numbers", () => {
    expect(yenAmount("1000000")).toBe(1_000_000);
    expect(yenAmount("1000000.00")).toBe(1_000_000);
    expect(yenAmount(900_000)).toBe(900_000);
    expect(yenAmount(null)).toBeNull();
    expect(yenAmount("12.5")).toBeNull();
  });

  it("ratios in percent for people", () => {
    expect(ratioPercent("0.9")).toBe("90%");
    expect(ratioPercent("0.05")).toBe("5%");
    expect(ratioPercent("0.025")).toBe("2.5%");
    expect(ratioPercent(null)).toBe("");
  });

  it("days from today to the payment date, in Japan's calendar", () => {
    expect(daysUntil("2026-11-24", "2026-12-24")).toBe(30);
    expect(daysUntil("2026-12-31", "2027-01-01")).toBe(1);
    expect(daysUntil("2026-11-24", "2026-11-24")).toBe(0);
    expect(daysUntil("2026-11-24", "soon")).toBeNull();
  });

  it("年率換算 = cost ÷ amount received × 365 ÷ days, percent to one decimal, half up", () => {
    // 45,000 ÷ 855,000 × 365 ÷ 30 = 0.64035… → 64.0%
    expect(annualCostRate(45_000, 855_000, 30)).toBe(64);
    // 10,000 ÷ 1,000,000 × 365 ÷ 20 = 0.1825 → 18.25% → 18.3% (half up)
    expect(annualCostRate(10_000, 1_000_000, 20)).toBe(18.3);
    expect(annualCostRate(10_000, 1_000_000, 0)).toBeNull();
    expect(annualCostRate(10_000, 0, 30)).toBeNull();
  });

  // Required: "per claim and per entry, what the owner receives, what they return and the difference
  // as the cost (the 掛目 part named); any annual-rate comparison is computed on that cost over the
  // days from payout to deadline."
  it("the true cost: 返金額 − お受け取り額, the 掛目 part named; the rate on that cost, payout to deadline", () => {
    const figures = claimFigures(
      {
        purchase_principal_amount: "1099340",
        purchase_amount: "989406",
        purchase_ratio: "0.9",
        purchase_fee: "49470",
        purchase_fee_ratio: "0.05",
        bank_charge: "660",
        obliger_payment_date: "2027-01-01",
      },
      { payoutDate: "2026-11-30", calendar },
    );
    expect(figures).toEqual({
      purchaseAmount: 989_406,
      ratio: "90%",
      fee: 49_470,
      feeRatio: "5%",
      bankCharge: 660,
      received: 939_276,
      repayment: 1_099_340,
      marginPart: 109_934,
      cost: 160_064,
      // Payout Monday 11-30 → deadline Monday 2027-01-04 (元日 moves to the next business day).
      days: 35,
      // 160,064 ÷ 939,276 × 365 ÷ 35 = 1.7772… → 177.7%, not the fee's 5%.
      annualRate: 177.7,
    });
    expect(claimFigures({ purchase_amount: null }, { payoutDate: "2026-11-30", calendar })).toBeNull();
    expect(figureTotals([figures!, figures!])).toEqual({
      purchaseAmount: 1_978_812,
      fee: 98_940,
      bankCharge: 1_320,
      received: 1_878_552,
      repayment: 2_198_680,
      marginPart: 219_868,
      cost: 320_128,
    });
  });

  it("a deadline already come has no span to rate: no days, no rate, never a negative count", () => {
    const figures = claimFigures(
      {
        purchase_amount: "900000",
        scheduled_deposit_amount_from_obliger: "1000000",
        obliger_payment_date: "2026-11-27",
      },
      { payoutDate: "2026-11-30", calendar },
    );
    expect(figures).toMatchObject({ days: -3, annualRate: null });
    expect(claimFiguresText(figures!)).toMatchObject({ days: "", annualRate: "" });
  });

  it("without a principal the repayment is the scheduled deposit", () => {
    const figures = claimFigures(
      { purchase_amount: "900000", scheduled_deposit_amount_from_obliger: "1000000", bank_charge: "0" },
      { payoutDate: "2026-11-30", calendar },
    );
    expect(figures).toMatchObject({ repayment: 1_000_000, marginPart: 100_000, cost: 100_000, days: null });
  });
});

describe("the day the payout is counted from", () => {
  const now = new Date("2026-12-18T09:00:00+09:00");
  it("before the contract: the next business day after today (Friday 12-18 → Monday 12-21)", () => {
    expect(payoutDay({ contracted_at: null }, now, calendar)).toBe("2026-12-21");
  });
  it("after the contract: the next business day after the contract date, whatever day it is now", () => {
    expect(payoutDay({ contracted_at: "2026-12-01T23:30:00+09:00" }, now, calendar)).toBe("2026-12-02");
    expect(payoutDay({ contracted_at: "2026-11-30T15:30:00Z" }, now, calendar)).toBe("2026-12-02");
  });
  it("once paid: the day of the transfer", () => {
    expect(
      payoutDay(
        { contracted_at: "2026-12-01T10:00:00+09:00", transferred_at: "2026-12-03T10:00:00+09:00" },
        now,
        calendar,
      ),
    ).toBe("2026-12-03");
  });
});

// Totals only of what is decided: while some claims are still under review the totals name the claims
// they hold and say the rest are not in them yet, rather than read as the entry's whole.
describe("which claims the totals hold", () => {
  const priced = { status: ClaimStatus.can_buy, priced: true };
  const underReview = { status: ClaimStatus.under_review, priced: false };
  const inadequate = { status: ClaimStatus.inadequate, priced: false };
  const notBought = { status: ClaimStatus.cannot_buy, priced: false };

  it("every claim priced: the entry's totals, nothing to add", () => {
    expect(figureTotalsScope([priced, priced])).toEqual({
      heading: "お受け取りの金額（合計）",
      note: null,
    });
  });

  it("a partial review: the heading says reviewed claims only, the note names them and those still waiting", () => {
    expect(figureTotalsScope([priced, priced, underReview])).toEqual({
      heading: "お受け取りの金額（審査済みの請求書の合計）",
      note: "この合計は、審査済みの請求書1・2の金額です。請求書3はまだ審査が終わっていないため、含めていません。審査が終わると、合計の金額が変わることがあります。",
    });
    // An inadequate claim is not decided either: it waits for its documents.
    expect(figureTotalsScope([underReview, priced, inadequate]).note).toBe(
      "この合計は、審査済みの請求書2の金額です。請求書1・3はまだ審査が終わっていないため、含めていません。審査が終わると、合計の金額が変わることがあります。",
    );
  });

  it("a claim cancelled or declined after it was priced leaves the totals: no money will come of it", () => {
    expect(countsInTotals(ClaimStatus.can_buy)).toBe(true);
    expect(countsInTotals(ClaimStatus.transferred)).toBe(true);
    expect(countsInTotals(ClaimStatus.cancel)).toBe(false);
    expect(countsInTotals(ClaimStatus.cannot_buy)).toBe(false);
  });

  it("every claim decided, one not bought: the totals are of the bought ones, and say so", () => {
    expect(figureTotalsScope([priced, notBought])).toEqual({
      heading: "お受け取りの金額（合計）",
      note: "この合計は、請求書1の金額です。請求書2は買取の対象外のため、含めていません。",
    });
  });

  it("both at once: the bought, the waiting and the not bought, each named", () => {
    expect(figureTotalsScope([priced, notBought, underReview]).note).toBe(
      "この合計は、審査済みの請求書1の金額です。請求書3はまだ審査が終わっていないため、含めていません。請求書2は買取の対象外のため、含めていません。審査が終わると、合計の金額が変わることがあります。",
    );
  });
});
