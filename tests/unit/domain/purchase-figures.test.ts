// The money on offer for a reviewed claim, what the user receives and the fee as an annual rate.

import { describe, expect, it } from "vitest";
import {
  annualFeeRate,
  claimFigures,
  feeCountedFrom,
  daysUntil,
  figureTotals,
  ratioPercent,
  yenAmount,
} from "~/domain/purchase-figures";

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

  it("年率換算 = fee ÷ amount received × 365 ÷ days, percent to one decimal, half up", () => {
    // 45,000 ÷ 855,000 × 365 ÷ 30 = 0.64035… → 64.0%
    expect(annualFeeRate(45_000, 855_000, 30)).toBe(64);
    // 10,000 ÷ 1,000,000 × 365 ÷ 20 = 0.1825 → 18.25% → 18.3% (half up)
    expect(annualFeeRate(10_000, 1_000_000, 20)).toBe(18.3);
    expect(annualFeeRate(10_000, 1_000_000, 0)).toBeNull();
    expect(annualFeeRate(10_000, 0, 30)).toBeNull();
  });

  it("what the user receives: the purchase amount less the fee and the bank charge; none before review", () => {
    const figures = claimFigures(
      {
        purchase_principal_amount: "1000000",
        purchase_amount: "900000",
        purchase_ratio: "0.9",
        purchase_fee: "45000",
        purchase_fee_ratio: "0.05",
        bank_charge: "660",
        obliger_payment_date: "2026-12-24",
      },
      "2026-11-24",
    );
    expect(figures).toEqual({
      principal: 1_000_000,
      purchaseAmount: 900_000,
      ratio: "90%",
      fee: 45_000,
      feeRatio: "5%",
      bankCharge: 660,
      received: 854_340,
      annualRate: 64.1,
    });
    expect(claimFigures({ purchase_amount: null }, "2026-11-24")).toBeNull();
    expect(figureTotals([figures!, figures!])).toEqual({
      purchaseAmount: 1_800_000,
      fee: 90_000,
      bankCharge: 1_320,
      received: 1_708_680,
    });
  });
});

describe("the day 年率換算 counts from", () => {
  const now = new Date("2026-12-20T09:00:00+09:00");
  it("before the contract, today in Japan (the offer follows the calendar)", () => {
    expect(feeCountedFrom(null, now)).toBe("2026-12-20");
    expect(feeCountedFrom(undefined, now)).toBe("2026-12-20");
  });
  it("after the contract, the contract date in Japan, whatever day it is now", () => {
    expect(feeCountedFrom("2026-12-01T23:30:00+09:00", now)).toBe("2026-12-01");
    expect(feeCountedFrom("2026-11-30T15:30:00Z", now)).toBe("2026-12-01");
  });
  it("a contract date that is no date falls back to today rather than failing the page", () => {
    expect(feeCountedFrom("yesterday", now)).toBe("2026-12-20");
  });
});
