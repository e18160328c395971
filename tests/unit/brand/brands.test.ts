import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  BRANDS,
  DEFAULT_BRAND,
  LEGAL_LINKS,
  WHITE_LABEL_BRAND,
  brandFor,
  brandOrigin,
  hostNameOf,
} from "~/brand/brands";
import { findBank, findBranch } from "~/domain/bank-directory";
import { bankDirectory } from "~/lookup/bank-directory.server";

describe("brandFor: the brand is chosen per host, or fixed per deployment (ARCHITECTURE §10)", () => {
  it.each([
    ["midori.localhost:3000", "midori"],
    ["MIDORI.example.jp", "midori"],
    ["midori.example.jp.", "midori"],
    ["localhost", "sakidori"],
    ["localhost:3000", "sakidori"],
    ["sakidori.example.jp", "sakidori"],
    ["evil.com", "sakidori"],
    ["midori-evil.com", "sakidori"],
    ["example.jp.midori", "sakidori"],
    ["127.0.0.1:3000", "sakidori"],
    ["[::1]:3000", "sakidori"],
    ["", "sakidori"],
  ])("host %j gives the %s brand", (host, id) => {
    expect(brandFor(host).id).toBe(id);
  });

  it("without a Host header gives the default brand", () => {
    expect(brandFor(null)).toBe(DEFAULT_BRAND);
    expect(brandFor(undefined)).toBe(DEFAULT_BRAND);
  });

  it("a fixed brand (BRAND=midori) wins over the host", () => {
    expect(brandFor("localhost:3000", "midori")).toBe(WHITE_LABEL_BRAND);
    expect(brandFor("evil.com", "midori")).toBe(WHITE_LABEL_BRAND);
    expect(brandFor("midori.localhost:3000", "sakidori")).toBe(DEFAULT_BRAND);
    expect(brandFor(null, " MIDORI ")).toBe(WHITE_LABEL_BRAND);
  });

  it("an unknown fixed brand falls back to the default brand, not to the host", () => {
    expect(brandFor("midori.localhost:3000", "nosuchbrand")).toBe(DEFAULT_BRAND);
  });

  it("an empty fixed brand (BRAND unset) leaves the choice to the host", () => {
    expect(brandFor("midori.localhost:3000", "")).toBe(WHITE_LABEL_BRAND);
    expect(brandFor("midori.localhost:3000", undefined)).toBe(WHITE_LABEL_BRAND);
  });
});

describe("hostNameOf", () => {
  it("drops the port and a trailing dot and lower-cases", () => {
    expect(hostNameOf("MIDORI.Example.JP:8443")).toBe("midori.example.jp");
    expect(hostNameOf("localhost.")).toBe("localhost");
    expect(hostNameOf("[::1]:3000")).toBe("");
  });
});

describe("the brands' configuration", () => {
  it("§9: the white-label product's content tag id is 15; the own brand has none", () => {
    expect(WHITE_LABEL_BRAND.contentTagId).toBe(15);
    expect(DEFAULT_BRAND.contentTagId).toBeNull();
  });

  it("every brand has its own id, name and colours, and the same legal paths", () => {
    expect(new Set(BRANDS.map((brand) => brand.id)).size).toBe(BRANDS.length);
    expect(new Set(BRANDS.map((brand) => brand.serviceName)).size).toBe(BRANDS.length);
    expect(new Set(BRANDS.map((brand) => brand.colors.primary)).size).toBe(BRANDS.length);
    for (const brand of BRANDS) {
      expect(brand.legalLinks.map((link) => link.href)).toEqual([
        "/terms",
        "/policy/privacy",
        "/policy/security",
        "/legal/sct",
      ]);
      expect(brand.legalLinks).toBe(LEGAL_LINKS);
      for (const color of Object.values(brand.colors)) expect(color).toMatch(/^#[0-9a-f]{6}$/);
      expect(brand.supportEmail).toMatch(/^[^@\s]+@[^@\s]+$/);
    }
  });

  it("the brand object survives the root loader's JSON (no functions in it)", () => {
    for (const brand of BRANDS) expect(JSON.parse(JSON.stringify(brand))).toEqual(brand);
  });

  it("a brand publishes its 掛目 and fee as percents, lowest first, a 掛目 of at most 100% and a fee below it", () => {
    for (const brand of BRANDS) {
      const { purchaseRatioPercent: ratio, feePercent: fee } = brand.pricing;
      expect(0 < ratio.min && ratio.min <= ratio.max && ratio.max <= 100, brand.id).toBe(true);
      expect(0 <= fee.min && fee.min <= fee.max && fee.max < 100, brand.id).toBe(true);
    }
  });
});

describe("a brand's public origin comes from APP_BASE_URL alone", () => {
  it("the own brand is APP_BASE_URL's origin; another brand its host there", () => {
    expect(brandOrigin(DEFAULT_BRAND, "https://sakidori.example")).toBe("https://sakidori.example");
    expect(brandOrigin(WHITE_LABEL_BRAND, "http://localhost:3000")).toBe("http://midori.localhost:3000");
    expect(brandOrigin(WHITE_LABEL_BRAND, "http://127.0.0.1:3000")).toBe("http://midori.localhost:3000");
    expect(brandOrigin(WHITE_LABEL_BRAND, "https://midori.example.jp")).toBe("https://midori.example.jp");
  });
  it("a deployment that fixes its brand is APP_BASE_URL's origin, whatever the brand", () => {
    expect(brandOrigin(WHITE_LABEL_BRAND, "https://invoice.midori-bank.example", "midori")).toBe(
      "https://invoice.midori-bank.example",
    );
  });
});

describe("each brand's return account: a transfer form's every field, and codes no real bank has", () => {
  // Zengin: bank code 4 digits, branch code 3, an account number 7; the holder in half-width kana
  // (with the letters, digits and marks a transfer allows), as the bank's transfer screen shows it.
  const HALF_WIDTH_HOLDER = /^[ｦ-ﾟA-Z0-9 ().,\-/]+$/;

  it.each(BRANDS.map((brand) => [brand.id, brand.returnAccount] as const))("%s", (_, account) => {
    expect(account.bankCode).toMatch(/^\d{4}$/);
    expect(account.branchCode).toMatch(/^\d{3}$/);
    expect(account.accountNumber).toMatch(/^\d{7}$/);
    expect(account.holderName).toMatch(HALF_WIDTH_HOLDER);
    expect(["普通", "当座"]).toContain(account.depositType);
    // A bank the Zengin directory knows must carry its codes; a fictional one must not take a real code.
    const known = findBank(bankDirectory(), account.bankName);
    if (known) {
      expect(account.bankCode).toBe(known.code);
      expect(findBranch(known, account.branchName)?.code).toBe(account.branchCode);
    } else {
      expect(bankDirectory()[account.bankCode]).toBeUndefined();
    }
  });
});

describe("each brand's pages give its own example names", () => {
  it("a brand's examples never name another brand", () => {
    for (const brand of BRANDS) {
      for (const other of BRANDS.filter((candidate) => candidate !== brand)) {
        for (const example of Object.values(brand.examples)) {
          expect(example).not.toContain(other.shortName.replace(/銀行$/, ""));
        }
      }
    }
  });
  it("no screen's code types a brand's example: they come from the brand", () => {
    const files = fs
      .readdirSync("app", { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith("brand"));
    // Bank names may be a line's sample in a comment; the company, building and holder are only examples.
    const examples = BRANDS.flatMap(({ examples: { companyName, buildingNumber, holderName } }) => [
      companyName,
      buildingNumber,
      holderName,
    ]);
    const found = files.flatMap((file) => {
      const source = fs.readFileSync(path.join("app", file), "utf8");
      return examples.filter((example) => source.includes(example)).map((example) => `${file}: ${example}`);
    });
    expect(found).toEqual([]);
    expect(WHITE_LABEL_BRAND.examples.companyName).toBe("株式会社みどり商事");
  });
});
