// White-label brands (ARCHITECTURE §10): configuration only, chosen per deployment (BRAND) or host.

import type { ReturnAccount } from "~/domain/account-lines";
import type { PublishedPricing } from "~/domain/published-terms";

export interface LegalLink {
  label: string;
  href: string;
}

export interface Brand {
  /** Sent to the upstream as X-Service-Id; also the first host label that selects the brand. */
  id: string;
  serviceName: string;
  shortName: string;
  contentTagId: number | null;
  colors: {
    primary: string;
    primaryDark: string;
    accent: string;
    onPrimary: string;
  };
  operatorName: string;
  partnerName: string | null;
  supportEmail: string;
  contactDesk: string;
  /** Where a user forwards what a debtor paid for a bought claim: the operator's collection account. */
  returnAccount: ReturnAccount;
  legalLinks: readonly LegalLink[];
  /** The 掛目 and fee ranges its 特定商取引法 notice and landing page publish (app/domain/published-terms.ts). */
  pricing: PublishedPricing;
  /** The example names its forms show: its own, never another brand's. */
  examples: {
    companyName: string;
    /** An address line's 番地・建物名. */
    buildingNumber: string;
    /** The company's name as a bank account's holder (full-width katakana). */
    holderName: string;
    bankName: string;
  };
  /** §6: when false, individual users are logged out and sent to /unsupported/. */
  individualSupported: boolean;
}

export const LEGAL_LINKS: readonly LegalLink[] = [
  { label: "利用規約", href: "/terms" },
  { label: "プライバシーポリシー", href: "/policy/privacy" },
  { label: "情報セキュリティ基本方針", href: "/policy/security" },
  { label: "特定商取引法に基づく表記", href: "/legal/sct" },
];

export const DEFAULT_BRAND: Brand = {
  id: "sakidori",
  serviceName: "サキドリ",
  shortName: "サキドリ",
  contentTagId: null,
  colors: { primary: "#0b6b5d", primaryDark: "#08493f", accent: "#f2b134", onPrimary: "#ffffff" },
  operatorName: "サキドリ株式会社",
  partnerName: null,
  supportEmail: "support@sakidori.example",
  contactDesk: "サキドリ カスタマーサポート",
  // Fictional banks: codes the Zengin directory gives no real bank (tests/unit/brand/brands.test.ts).
  returnAccount: {
    bankName: "サキドリ銀行",
    bankCode: "0999",
    branchName: "本店営業部",
    branchCode: "001",
    depositType: "普通",
    accountNumber: "1234567",
    holderName: "ｻｷﾄﾞﾘ(ｶ",
  },
  legalLinks: LEGAL_LINKS,
  pricing: { purchaseRatioPercent: { min: 80, max: 100 }, feePercent: { min: 2, max: 10 } },
  examples: {
    companyName: "株式会社サキドリ商事",
    buildingNumber: "丸の内1-1-1 サキドリビル3階",
    holderName: "カ）サキドリシヨウジ",
    bankName: "みずほ銀行",
  },
  individualSupported: true,
};

export const WHITE_LABEL_BRAND: Brand = {
  id: "midori",
  serviceName: "みどり銀行 請求書買取サービス",
  shortName: "みどり銀行",
  contentTagId: 15,
  colors: { primary: "#1f5fa8", primaryDark: "#153f70", accent: "#8cc63f", onPrimary: "#ffffff" },
  operatorName: "サキドリ株式会社",
  partnerName: "株式会社みどり銀行",
  supportEmail: "support@midori-bank.example",
  contactDesk: "みどり銀行 請求書買取サービス窓口（法人営業部）",
  returnAccount: {
    bankName: "みどり銀行",
    bankCode: "0998",
    branchName: "本店営業部",
    branchCode: "100",
    depositType: "普通",
    accountNumber: "7654321",
    holderName: "ｻｷﾄﾞﾘ(ｶ",
  },
  legalLinks: LEGAL_LINKS,
  // The partner bank's customers are offered a lower ceiling on the fee and a higher floor on the 掛目.
  pricing: { purchaseRatioPercent: { min: 85, max: 100 }, feePercent: { min: 2, max: 8 } },
  examples: {
    companyName: "株式会社みどり商事",
    buildingNumber: "丸の内1-1-1 みどりビル3階",
    holderName: "カ）ミドリシヨウジ",
    bankName: "みどり銀行",
  },
  individualSupported: false,
};

export const BRANDS: readonly Brand[] = [DEFAULT_BRAND, WHITE_LABEL_BRAND];

export function hostNameOf(host: string | null | undefined): string {
  const value = (host ?? "").trim().toLowerCase();
  if (value.startsWith("[")) return "";
  return (value.split(":")[0] ?? "").replace(/\.$/, "");
}

/** BRAND fixes it, else a host whose first label is a brand id. A forged Host only changes the forger's answer. */
export function brandFor(host: string | null | undefined, fixedBrandId?: string): Brand {
  if (fixedBrandId)
    return BRANDS.find((brand) => brand.id === fixedBrandId.trim().toLowerCase()) ?? DEFAULT_BRAND;
  const firstLabel = hostNameOf(host).split(".")[0] ?? "";
  return BRANDS.find((brand) => brand.id === firstLabel) ?? DEFAULT_BRAND;
}

/** From APP_BASE_URL alone, never from a host a request names: links a user keeps are built from it. */
export function brandOrigin(brand: Brand, appOrigin: string, fixedBrandId?: string): string {
  if (fixedBrandId || brand.id === DEFAULT_BRAND.id) return appOrigin;
  const url = new URL(appOrigin);
  const host = url.hostname === "127.0.0.1" ? "localhost" : url.hostname;
  url.hostname = host.startsWith(`${brand.id}.`) ? host : `${brand.id}.${host}`;
  return url.origin;
}
