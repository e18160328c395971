// An owner's profile and a claim that agree with each other and with every §5 rule: the demo owners'
// entries and the tests' fixtures are made from them (the operator's review of it: tests/fixtures/reviews.ts).

/** A claim that passes every §5 first-submit rule, the debtor paying on `paymentDate`. */
export function sampleClaim(
  paymentDate: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    obliger_company_name: "株式会社売掛先",
    houjinbangou: "7123456789012",
    houjinbangou_address: "東京都千代田区丸の内1-1",
    amount: 1_100_000,
    scheduled_deposit_amount_from_obliger: 1_000_000,
    obliger_payment_date: paymentDate,
    is_fixed_debt: true,
    is_bank_transfer_from_obliger: true,
    receive_payment_account: {
      bank_name: "みどり銀行",
      deposit_type: "ordinary",
      bank_account_number: "1234567",
      obliger_accounts: [{ holder_name: "ｶ)ｳﾘｶｹｻｷ" }],
    },
    contentfiles: [],
    ...overrides,
  };
}

export type Division = "corporate" | "individual";

/** The profile fields (without the identity documents) a complete profile has, for `division`. */
export function sampleProfile(division: Division, companyName?: string): Record<string, string> {
  return {
    corporate_division: division,
    company_name: companyName ?? (division === "corporate" ? "株式会社テスト商事" : "テスト屋"),
    last_name: "山田",
    first_name: "太郎",
    office_zipcode: "100-0005",
    office_prefecture: "東京都",
    office_city: "千代田区",
    office_building_number: "丸の内1-1-1",
    office_phone: "03-1234-5678",
    owner_zipcode: "150-0001",
    owner_prefecture: "東京都",
    owner_city: "渋谷区",
    owner_building_number: "神宮前1-1-1",
    owner_phone: "090-1234-5678",
  };
}
