import { describe, expect, it } from "vitest";
import {
  MAX_YEN,
  dateProblemMessage,
  formatYenOnLeave,
  parseDateInput,
  parseYen,
  regroupYenAsTyped,
  yenProblemMessage,
} from "../../../app/domain/money";

describe("money: accept 1,000,000, １０００００ (NFKC) and plain digits", () => {
  it("reads plain digits, commas, full-width digits and commas, 円 and ¥", () => {
    expect(parseYen("1000000")).toEqual({ value: 1_000_000, reason: null });
    expect(parseYen("1,000,000")).toEqual({ value: 1_000_000, reason: null });
    expect(parseYen("１０００００")).toEqual({ value: 100_000, reason: null });
    expect(parseYen("１，０００，０００円")).toEqual({ value: 1_000_000, reason: null });
    expect(parseYen("￥1,000")).toEqual({ value: 1_000, reason: null });
    expect(parseYen(" 1 000 ")).toEqual({ value: 1_000, reason: null });
    expect(parseYen(2500)).toEqual({ value: 2500, reason: null });
  });

  it("takes a whole number written with decimals (the upstream's 1000000.00)", () => {
    expect(parseYen("1000000.00")).toEqual({ value: 1_000_000, reason: null });
  });

  it("refuses letters", () => {
    expect(parseYen("12abc").reason).toBe("notNumber");
    expect(parseYen("百万").reason).toBe("notNumber");
    expect(parseYen("1e6").reason).toBe("notNumber");
  });

  it("refuses negatives, with an ASCII or a full-width minus", () => {
    expect(parseYen("-1000").reason).toBe("negative");
    expect(parseYen("－１０００").reason).toBe("negative");
    expect(parseYen("−1,000").reason).toBe("negative");
    expect(parseYen(-5).reason).toBe("negative");
  });

  it("refuses decimals", () => {
    expect(parseYen("1000.5").reason).toBe("fraction");
    expect(parseYen(10.5).reason).toBe("fraction");
  });

  it("refuses more than 999,999,999,999", () => {
    expect(parseYen("999,999,999,999")).toEqual({ value: MAX_YEN, reason: null });
    expect(parseYen("1,000,000,000,000").reason).toBe("tooLarge");
    expect(parseYen("99999999999999999999999").reason).toBe("tooLarge");
  });

  it("checks the field's minimum (a face value is at least 1 yen)", () => {
    expect(parseYen("0", 1).reason).toBe("tooSmall");
    expect(parseYen("0", 0)).toEqual({ value: 0, reason: null });
  });

  it("blank is §5 この項目は空にできません", () => {
    expect(parseYen("").reason).toBe("blank");
    expect(parseYen("  ").reason).toBe("blank");
    expect(parseYen(null).reason).toBe("blank");
    expect(yenProblemMessage("blank")).toBe("この項目は空にできません");
  });

  it("every problem has a Japanese message", () => {
    expect(yenProblemMessage("notNumber")).toBe("金額は数字で入力してください（例：1,000,000）。");
    expect(yenProblemMessage("negative")).toBe("マイナスの金額は入力できません。");
    expect(yenProblemMessage("fraction")).toMatch(/端数/);
    expect(yenProblemMessage("tooSmall", 1)).toBe("1円以上で入力してください。");
    expect(yenProblemMessage("tooLarge")).toBe("999,999,999,999円以下で入力してください。");
  });
});

describe("dates: YYYY-MM-DD from a date input, impossible dates refused", () => {
  it("accepts a real date", () => {
    expect(parseDateInput("2026-12-31")).toEqual({ value: "2026-12-31", reason: null });
    expect(parseDateInput("2028-02-29")).toEqual({ value: "2028-02-29", reason: null });
  });

  it("accepts what a text box gets typed into it: slashes, one-digit months, full-width digits", () => {
    expect(parseDateInput("2026/3/1")).toEqual({ value: "2026-03-01", reason: null });
    expect(parseDateInput("２０２６－１２－３１")).toEqual({ value: "2026-12-31", reason: null });
    expect(parseDateInput("2026年4月5日")).toEqual({ value: "2026-04-05", reason: null });
  });

  it("refuses impossible dates (2026-02-30, 2026-13-01, 2027-02-29)", () => {
    for (const text of ["2026-02-30", "2026-13-01", "2027-02-29", "2026-04-31"]) {
      expect(parseDateInput(text).reason, text).toBe("impossible");
    }
    expect(dateProblemMessage("impossible")).toBe("存在しない日付です。日付をご確認ください。");
  });

  it("refuses other shapes, and blank is §5's message", () => {
    expect(parseDateInput("12/31/2026").reason).toBe("format");
    expect(parseDateInput("tomorrow").reason).toBe("format");
    expect(parseDateInput("").reason).toBe("blank");
    expect(dateProblemMessage("blank")).toBe("この項目は空にできません");
  });

  it("the example shows the date as people write it (「例：2026/12/31」)", () => {
    expect(dateProblemMessage("format")).toBe("日付は「2026/12/31」の形で入力してください。");
    expect(parseDateInput("2026/12/31")).toEqual({ value: "2026-12-31", reason: null });
  });
});

describe("amounts shown as 1,234,567 as the person types, the caret kept usable", () => {
  it("regroups digits and keeps the caret after the digit it followed", () => {
    // "123456|7" typed at the end → "1,234,567|".
    expect(regroupYenAsTyped("1234567", 7)).toEqual({ text: "1,234,567", caret: 9 });
    // A digit typed in the middle: "1,2345|,678" → "12,345|,678".
    expect(regroupYenAsTyped("1,2345,678", 6)).toEqual({ text: "12,345,678", caret: 6 });
    // A digit deleted: "1,23|,567" → "123|,567".
    expect(regroupYenAsTyped("1,23,567", 4)).toEqual({ text: "123,567", caret: 3 });
    // Full-width digits become half-width, one for one.
    expect(regroupYenAsTyped("１２３４", 4)).toEqual({ text: "1,234", caret: 5 });
  });

  it("leaves alone what is already grouped, and what is not only digits (円, letters, a leading zero)", () => {
    expect(regroupYenAsTyped("1,234", 5)).toBeNull();
    expect(regroupYenAsTyped("1000円", 5)).toBeNull();
    expect(regroupYenAsTyped("12a", 3)).toBeNull();
    expect(regroupYenAsTyped("0123", 4)).toBeNull();
    expect(regroupYenAsTyped("", 0)).toBeNull();
  });

  it("once the field is left, any amount is tidied; what is not an amount stays as typed", () => {
    expect(formatYenOnLeave("１０００円")).toBe("1,000");
    expect(formatYenOnLeave("¥2500000")).toBe("2,500,000");
    expect(formatYenOnLeave("abc")).toBe("abc");
    expect(formatYenOnLeave("")).toBe("");
  });
});
