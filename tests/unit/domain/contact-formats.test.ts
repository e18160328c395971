import { describe, expect, it } from "vitest";
import { formatZipcode, normalizePhone, normalizeZipcode } from "~/domain/contact-formats";

describe("Japanese postcodes and phone numbers are converted as people type them", () => {
  it("a postcode is 7 digits, with or without the hyphen, half- or full-width", () => {
    for (const typed of ["100-0005", "1000005", "１００－０００５", " 100ー0005 ", "100‐0005"]) {
      expect(normalizeZipcode(typed), typed).toBe("1000005");
    }
    for (const typed of ["100-005", "10000005", "abc-defg", "", "100--0005"]) {
      expect(normalizeZipcode(typed), typed).toBeNull();
    }
    expect(formatZipcode("1000005")).toBe("100-0005");
  });

  it("a phone number has 10 or 11 digits starting with 0, hyphens allowed", () => {
    expect(normalizePhone("03-1234-5678")).toBe("03-1234-5678");
    expect(normalizePhone("０９０１２３４５６７８")).toBe("09012345678");
    for (const typed of ["1234", "3-1234-5678", "03-1234-567", "090-1234-56789", "03--1234-5678", "tel"]) {
      expect(normalizePhone(typed), typed).toBeNull();
    }
  });

  // These were once refused (〒100-0005, 03(1234)5678): the postal mark, the area code in
  // parentheses and +81 (standing for the leading 0) are written by people and accepted.
  it("a postcode may carry the postal mark 〒 in front", () => {
    for (const typed of ["〒100-0005", "〒 1000005", "〒１００－０００５"]) {
      expect(normalizeZipcode(typed), typed).toBe("1000005");
    }
    expect(normalizeZipcode("100〒0005")).toBeNull();
  });

  it("parentheses around the area or local code separate like a hyphen", () => {
    expect(normalizePhone("03(1234)5678")).toBe("03-1234-5678");
    expect(normalizePhone("（03）1234-5678")).toBe("03-1234-5678");
    expect(normalizePhone("03 (1234) 5678")).toBe("03-1234-5678");
    expect(normalizePhone("0120(123)456")).toBe("0120-123-456");
  });

  it("+81 stands for the leading 0 of the domestic number", () => {
    expect(normalizePhone("+81-3-1234-5678")).toBe("03-1234-5678");
    expect(normalizePhone("+81 90 1234 5678")).toBe("090-1234-5678");
    expect(normalizePhone("+81(0)3-1234-5678")).toBe("03-1234-5678");
    expect(normalizePhone("＋８１９０１２３４５６７８")).toBe("09012345678");
    expect(normalizePhone("+1 415 555 0100")).toBeNull();
    expect(normalizePhone("+81 3-1234-567")).toBeNull();
  });
});
