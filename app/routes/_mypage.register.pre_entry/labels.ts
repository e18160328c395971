// The pre-entry screening form's labels and choices (the form validates on the server: schema.server.ts).

export const PRE_ENTRY_FIELD_LABELS: Record<string, string> = {
  corporate_division: "事業形態",
  years_in_business: "事業を始めてからの年数",
  annual_sales: "年間の売上高",
  has_invoice: "請求書（適格請求書）の発行",
  has_tax_delinquency: "税金の滞納",
};

export const YES_NO = {
  invoice: [
    { value: "yes", label: "発行している" },
    { value: "no", label: "発行していない" },
  ],
  delinquency: [
    { value: "no", label: "滞納はない" },
    { value: "yes", label: "滞納がある" },
  ],
} as const;

/** Whole years, as the upstream takes them (0 for a business in its first year). */
export const MAX_YEARS_IN_BUSINESS = 200;
