// The pre-entry screening's answers as the upstream takes them (docs/upstream-api/accounts.md: POST
// /api/pre_entry/ {corporate_division, years_in_business int ≥ 0, annual_sales int yen ≥ 0, has_invoice
// bool, has_tax_delinquency bool}), from what people type.

import { describe, expect, it } from "vitest";
import { preEntryValidator } from "~/routes/_mypage.register.pre_entry/schema.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const ANSWERS = {
  corporate_division: "individual",
  years_in_business: "０",
  annual_sales: "１２,０００,０００円",
  has_invoice: "no",
  has_tax_delinquency: "no",
};

describe("the pre-entry screening's answers", () => {
  it("full-width digits, commas and 円 are read; yes/no become booleans", async () => {
    const result = await preEntryValidator.validate(form(ANSWERS));
    expect(result.data).toEqual({
      corporate_division: "individual",
      years_in_business: 0,
      annual_sales: 12_000_000,
      has_invoice: false,
      has_tax_delinquency: false,
    });
  });

  it("every answer is required, each with its own message", async () => {
    const result = await preEntryValidator.validate(form({}));
    expect(result.error?.fieldErrors).toEqual({
      corporate_division: "事業形態を選択してください。",
      years_in_business: "この項目は空にできません",
      annual_sales: "この項目は空にできません",
      has_invoice: "請求書（適格請求書）を発行しているかを選択してください。",
      has_tax_delinquency: "税金の滞納があるかを選択してください。",
    });
  });

  it("years: whole, 0 to 200; sales: whole yen, not negative; a division the form does not offer is refused", async () => {
    for (const years of ["1.5", "-1", "201", "三"]) {
      const result = await preEntryValidator.validate(form({ ...ANSWERS, years_in_business: years }));
      expect(result.error?.fieldErrors.years_in_business).toBe(
        "0から200までの整数（年）で入力してください。",
      );
    }
    const negative = await preEntryValidator.validate(form({ ...ANSWERS, annual_sales: "-5" }));
    expect(negative.error?.fieldErrors.annual_sales).toBe("マイナスの金額は入力できません。");
    const none = await preEntryValidator.validate(form({ ...ANSWERS, corporate_division: "none" }));
    expect(none.error?.fieldErrors.corporate_division).toBe("事業形態を選択してください。");
  });
});
