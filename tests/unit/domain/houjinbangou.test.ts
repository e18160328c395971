import { describe, expect, it } from "vitest";
import { houjinbangouCheckDigit, isValidHoujinbangou } from "../../../app/domain/houjinbangou";

describe("corporate number check digit (check = 9 − (Σ Pn × Qn mod 9))", () => {
  it.each(["7123456789012", "4011001098993", "2120901007402"])(
    "accepts the known valid number %s",
    (value) => {
      expect(isValidHoujinbangou(value)).toBe(true);
      expect(houjinbangouCheckDigit(value.slice(1))).toBe(Number(value[0]));
    },
  );

  it.each([
    ["a wrong check digit", "8123456789012"],
    ["a changed base digit", "4011001098994"],
    ["two swapped base digits", "2120901004702"],
    ["12 digits", "123456789012"],
    ["14 digits", "71234567890123"],
    ["full-width digits", "７１２３４５６７８９０１２"],
    ["a hyphenated number", "7-1234-5678-9012"],
    ["the invoice number's T prefix", "T7123456789012"],
    ["an empty string", ""],
  ])("refuses %s", (_label, value) => {
    expect(isValidHoujinbangou(value)).toBe(false);
  });

  it("refuses values that are not strings", () => {
    expect(isValidHoujinbangou(7123456789012)).toBe(false);
    expect(isValidHoujinbangou(null)).toBe(false);
  });

  it("gives a check digit from 1 to 9 (never 0: 9 minus a remainder of 9)", () => {
    expect(houjinbangouCheckDigit("000000000000")).toBe(9);
    expect(houjinbangouCheckDigit("000000000009")).toBe(9);
    expect(houjinbangouCheckDigit("000000000008")).toBe(1);
  });

  it("weights odd positions from the right by 1 and even ones by 2", () => {
    // Only P1 = 1: sum 1 → 8. Only P2 = 1: sum 2 → 7.
    expect(houjinbangouCheckDigit("000000000001")).toBe(8);
    expect(houjinbangouCheckDigit("000000000010")).toBe(7);
  });

  it("refuses a base that is not exactly 12 ASCII digits", () => {
    expect(() => houjinbangouCheckDigit("12345678901")).toThrow(RangeError);
    expect(() => houjinbangouCheckDigit("12345678901a")).toThrow(RangeError);
  });
});
