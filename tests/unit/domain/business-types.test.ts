import { describe, expect, it } from "vitest";
import {
  CORPORATE_ONLY_MESSAGE,
  businessWords,
  divisionChoices,
  divisionRefusal,
  greetingName,
} from "~/domain/business-types";
import { entryStepLabels } from "~/domain/entry-steps";

describe("§6 a brand without individuals never lets an account become one", () => {
  it("offers 法人 only when individuals are not supported, both otherwise", () => {
    expect(divisionChoices(false)).toEqual([{ value: "corporate", label: "法人" }]);
    expect(divisionChoices(true)).toEqual([
      { value: "corporate", label: "法人" },
      { value: "individual", label: "個人事業主" },
    ]);
  });
  it("refuses 個人事業主 there with a Japanese message, and nothing else anywhere", () => {
    expect(divisionRefusal("individual", false)).toBe(CORPORATE_ONLY_MESSAGE);
    expect(CORPORATE_ONLY_MESSAGE).toContain("「法人」を選択してください");
    expect(divisionRefusal("corporate", false)).toBeNull();
    expect(divisionRefusal(undefined, false)).toBeNull();
    expect(divisionRefusal("individual", true)).toBeNull();
  });
});

describe("a sole proprietor is spoken to as one: 事業主, 確定申告書 and 屋号; a corporation keeps 代表者, 決算書類 and 会社名・屋号", () => {
  it("the words follow the business type; a type not yet chosen reads as a company", () => {
    expect(businessWords("individual")).toEqual({
      owner: "事業主",
      financialDocuments: "確定申告書",
      businessName: "屋号",
    });
    for (const division of ["corporate", "none", undefined]) {
      expect(businessWords(division)).toEqual({
        owner: "代表者",
        financialDocuments: "決算書類",
        businessName: "会社名・屋号",
      });
    }
  });

  it("the wizard's second step is named for what the owner files", () => {
    expect(entryStepLabels("individual").submitFinancialStatements).toBe("確定申告書");
    expect(entryStepLabels("corporate").submitFinancialStatements).toBe("決算書類");
    expect(entryStepLabels("individual").submitInvoices).toBe("請求書");
  });

  it("My page greets the company or the 屋号, and a sole proprietor without a 屋号 by name", () => {
    const person = { last_name: "山田", first_name: "太郎" };
    expect(
      greetingName({ corporate_division: "corporate", company_name: "株式会社テスト商事", ...person }),
    ).toBe("株式会社テスト商事");
    expect(greetingName({ corporate_division: "individual", company_name: "テスト屋", ...person })).toBe(
      "テスト屋",
    );
    expect(greetingName({ corporate_division: "individual", company_name: "", ...person })).toBe("山田 太郎");
    expect(greetingName({ corporate_division: "individual", company_name: " ", ...person })).toBe(
      "山田 太郎",
    );
    // A corporation's name is what it is greeted by; none yet, no greeting.
    expect(greetingName({ corporate_division: "corporate", company_name: "", ...person })).toBe("");
  });
});
