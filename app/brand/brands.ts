// White-label brands (ARCHITECTURE §10): a brand is configuration (service name, colours,
// logo, legal links, analytics content tag id), chosen per deployment (BRAND) or per host, rendered as
// CSS variables. No brand ships JavaScript of its own. The logo artwork is in ./logos.tsx, keyed by id.

export interface LegalLink {
  label: string;
  href: string;
}

export interface Brand {
  /** Sent to the upstream as X-Service-Id; also the first host label that selects the brand. */
  id: string;
  serviceName: string;
  /** The short name, for places too narrow for the service name. */
  shortName: string;
  /** Analytics content tag id (§9: 15 for the white-label product); null renders no tag. */
  contentTagId: number | null;
  colors: {
    primary: string;
    primaryDark: string;
    accent: string;
    onPrimary: string;
  };
  /** The company that runs the service: the footer, the terms and the legal pages name it. */
  operatorName: string;
  /** The partner through whom a white-label brand reaches its customers; null for the own brand. */
  partnerName: string | null;
  supportEmail: string;
  /** Whom a customer contacts, in the brand's own words (/unsupported names it with supportEmail). */
  contactDesk: string;
  /**
   * Where a user forwards what a debtor paid for a claim the provider bought (the return
   * obligation): the operator's own collection account, shown after contract and in the agreement.
   */
  returnAccount: {
    bankName: string;
    branchName: string;
    /** 普通 or 当座, as the bank prints it. */
    depositType: string;
    accountNumber: string;
    holderName: string;
  };
  /** The footer's legal links. Every brand uses the same paths; the pages read the brand's names. */
  legalLinks: readonly LegalLink[];
  /** §6: when false, individual users are logged out and sent to /unsupported/. */
  individualSupported: boolean;
}

/** The four legal pages of §2, at the same paths for every brand. */
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
  returnAccount: {
    bankName: "サキドリ銀行",
    branchName: "本店営業部",
    depositType: "普通",
    accountNumber: "1234567",
    holderName: "サキドリ（カ",
  },
  legalLinks: LEGAL_LINKS,
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
    branchName: "本店営業部",
    depositType: "普通",
    accountNumber: "7654321",
    holderName: "サキドリ（カ",
  },
  legalLinks: LEGAL_LINKS,
  individualSupported: false,
};

export const BRANDS: readonly Brand[] = [DEFAULT_BRAND, WHITE_LABEL_BRAND];

/** The host name of a Host header, lower-cased, without port or trailing dot ("" when unusable). */
export function hostNameOf(host: string | null | undefined): string {
  const value = (host ?? "").trim().toLowerCase();
  // An IPv6 literal ("[::1]:3000") never names a brand.
  if (value.startsWith("[")) return "";
  return (value.split(":")[0] ?? "").replace(/\.$/, "");
}

/**
 * The brand for a request: the BRAND environment variable fixes it for a deployment (the settings
 * refuse an unknown id at the start; one given here falls back to the default brand); otherwise a host
 * whose first label is a brand id (midori.localhost:3000, midori.example.jp) selects that brand, and
 * any other host gets the default.
 * Choosing by host is safe: a forged Host header only changes the look of the forger's own response.
 */
export function brandFor(host: string | null | undefined, fixedBrandId?: string): Brand {
  if (fixedBrandId)
    return BRANDS.find((brand) => brand.id === fixedBrandId.trim().toLowerCase()) ?? DEFAULT_BRAND;
  const firstLabel = hostNameOf(host).split(".")[0] ?? "";
  return BRANDS.find((brand) => brand.id === firstLabel) ?? DEFAULT_BRAND;
}

/**
 * The public origin of a brand, from the app's (APP_BASE_URL) alone: the brand's own host
 * (`midori.` before it) unless the deployment fixes one brand, whose origin it then is. Links a user
 * keeps (a calendar file) are built from it, never from a host a request names.
 */
export function brandOrigin(brand: Brand, appOrigin: string, fixedBrandId?: string): string {
  if (fixedBrandId || brand.id === DEFAULT_BRAND.id) return appOrigin;
  const url = new URL(appOrigin);
  // A brand is chosen by a host name's first label, which an IP address cannot have.
  const host = url.hostname === "127.0.0.1" ? "localhost" : url.hostname;
  url.hostname = host.startsWith(`${brand.id}.`) ? host : `${brand.id}.${host}`;
  return url.origin;
}
