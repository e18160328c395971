import { describe, expect, it } from "vitest";
import { formatYen } from "~/domain/yen";

describe("amounts in yen", () => {
  it("groups digits with commas and ends with 円 (not the full-width ￥ of Intl's currency style)", () => {
    expect(formatYen(1000000)).toBe("1,000,000円");
    expect(formatYen("1000000")).toBe("1,000,000円");
    expect(formatYen(0)).toBe("0円");
    expect(formatYen("999999999999")).toBe("999,999,999,999円");
  });
  it("reads the upstream's decimal strings with a zero fraction as whole yen", () => {
    expect(formatYen("1000000.00")).toBe("1,000,000円");
    expect(formatYen("1500.")).toBe("1,500円");
  });
  it("shows anything else as it came, and nothing for no amount", () => {
    expect(formatYen("12.5")).toBe("12.5");
    expect(formatYen("abc")).toBe("abc");
    expect(formatYen(null)).toBe("");
    expect(formatYen(undefined)).toBe("");
    expect(formatYen("")).toBe("");
  });
});
