import { describe, expect, it } from "vitest";
import { FILE_KINDS, parseUploadKind, sniffContentType } from "~/domain/file-kinds";

describe("§3 file kinds", () => {
  it("lists the eighteen kinds of §3", () => {
    expect(FILE_KINDS).toHaveLength(18);
  });

  it("An upload kind may carry a -{displayId} suffix", () => {
    expect(parseUploadKind("invoice-3")).toEqual({ base: "invoice", displayId: 3 });
    expect(parseUploadKind("withdrawals_detail-12")).toEqual({ base: "withdrawals_detail", displayId: 12 });
    expect(parseUploadKind("identity")).toEqual({ base: "identity", displayId: null });
  });

  it("refuses unknown kinds and malformed suffixes", () => {
    for (const kind of [
      "",
      "invoices",
      "invoice-",
      "invoice-0",
      "invoice-01",
      "invoice-x",
      "INVOICE-1",
      "../invoice",
      "invoice-1-2",
    ]) {
      expect(parseUploadKind(kind), kind).toBeNull();
    }
  });
});

describe("first-byte content type check", () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);

  it("recognises PDF, JPEG and PNG by their first bytes", () => {
    expect(sniffContentType(new TextEncoder().encode("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png");
  });

  it("refuses a renamed executable and short or empty input", () => {
    expect(sniffContentType(bytes(0x4d, 0x5a, 0x90, 0x00))).toBeNull(); // MZ: a Windows executable
    expect(sniffContentType(bytes(0x7f, 0x45, 0x4c, 0x46))).toBeNull(); // ELF
    expect(sniffContentType(new TextEncoder().encode("%PD"))).toBeNull();
    expect(sniffContentType(bytes())).toBeNull();
  });
});
