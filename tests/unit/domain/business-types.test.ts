import { describe, expect, it } from "vitest";
import { CORPORATE_ONLY_MESSAGE, divisionChoices, divisionRefusal } from "~/domain/business-types";

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
