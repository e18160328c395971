// White-label brands (ARCHITECTURE decision 10): a brand is configuration, chosen per host, rendered
// as CSS variables. No brand ships JavaScript of its own.

export interface Brand {
  /** Sent to the upstream as X-Service-Id. */
  id: string;
  serviceName: string;
  /** The short name shown in the header. */
  shortName: string;
  /** Analytics content tag id (§9: 15 for the white-label product). */
  contentTagId: number | null;
  colors: {
    primary: string;
    primaryDark: string;
    accent: string;
    onPrimary: string;
  };
  /** Operator of the service, shown in the footer and the legal pages. */
  operatorName: string;
  supportEmail: string;
  /** §6: when false, individual users are logged out and sent to /unsupported/. */
  individualSupported: boolean;
}

export const DEFAULT_BRAND: Brand = {
  id: "sakidori",
  serviceName: "サキドリ",
  shortName: "サキドリ",
  contentTagId: null,
  colors: { primary: "#0b6b5d", primaryDark: "#08493f", accent: "#f2b134", onPrimary: "#ffffff" },
  operatorName: "サキドリ株式会社",
  supportEmail: "support@sakidori.example",
  individualSupported: true,
};

export const WHITE_LABEL_BRAND: Brand = {
  id: "midori",
  serviceName: "みどり銀行 請求書買取サービス",
  shortName: "みどり銀行",
  contentTagId: 15,
  colors: { primary: "#1f5fa8", primaryDark: "#153f70", accent: "#8cc63f", onPrimary: "#ffffff" },
  operatorName: "サキドリ株式会社（みどり銀行 提携サービス）",
  supportEmail: "support@midori-bank.example",
  individualSupported: false,
};

export const BRANDS: readonly Brand[] = [DEFAULT_BRAND, WHITE_LABEL_BRAND];

/**
 * The brand for a request: the BRAND environment variable fixes it for a deployment; otherwise a
 * host whose first label is a brand id (midori.localhost, midori.example.jp) selects that brand.
 */
export function brandFor(host: string | null, fixedBrandId?: string): Brand {
  if (fixedBrandId) return BRANDS.find((brand) => brand.id === fixedBrandId) ?? DEFAULT_BRAND;
  const firstLabel = (host ?? "").toLowerCase().split(":")[0]?.split(".")[0] ?? "";
  return BRANDS.find((brand) => brand.id === firstLabel) ?? DEFAULT_BRAND;
}
