import { describe, expect, it } from "vitest";
import type { PendingFile } from "~/domain/draft-entry";
import {
  FinancialStepMessage,
  financialDocumentType,
  financialStepProblems,
  isFinancialStepComplete,
  isFinancialStepSatisfied,
  requiredFinancialKinds,
} from "~/domain/financial-step";

const file = (id: number, kind: string, error = false): PendingFile => ({
  id,
  kind,
  name: `${kind}.pdf`,
  created_at: "2026-11-01T10:00:00+09:00",
  error,
});

const answers = (
  can_submit_financial_statements: boolean | null,
  tax_return_submissions: "e_tax" | "document" | null = null,
  includes_sga_expenses: boolean | null = null,
) => ({ can_submit_financial_statements, tax_return_submissions, includes_sga_expenses });

describe("§4 Financial document type", () => {
  it.each([
    ["corporate", true, null, "financialStatements"],
    ["corporate", false, null, "trialBalance"],
    ["none", true, null, "financialStatements"],
    ["none", false, null, "trialBalance"],
    [undefined, true, null, "financialStatements"],
    ["corporate", true, "e_tax", "financialStatements"],
    ["individual", true, "e_tax", "declarationETax"],
    ["individual", true, "document", "declarationDocument"],
    ["individual", false, null, "businessOpening"],
    ["individual", false, "e_tax", "businessOpening"],
  ] as const)(
    "corporate or unselected user: true gives financial statements, false gives trial balance; individual: true with e-Tax gives e-Tax declaration, true with document gives document declaration, false gives business-opening notice (%s, %s, %s → %s)",
    (division, canSubmit, method, expected) => {
      expect(financialDocumentType(division, canSubmit, method)).toBe(expected);
    },
  );

  it("is not decided before the yes/no is answered, nor for an individual who has not said how the return was filed", () => {
    expect(financialDocumentType("corporate", null, null)).toBeNull();
    expect(financialDocumentType("individual", null, "e_tax")).toBeNull();
    expect(financialDocumentType("individual", true, null)).toBeNull();
  });
});

describe("§5 Financial documents", () => {
  it("financial statements need pl, bs, breakdown statement plus SGA expenses", () => {
    expect(requiredFinancialKinds("financialStatements", true)).toEqual([
      "pl",
      "bs",
      "breakdown_statement",
      "sga_expenses",
    ]);
    expect(requiredFinancialKinds("financialStatements", null)).toContain("sga_expenses");
  });
  it("financial statements with the no-SGA flag need no SGA expenses", () => {
    expect(requiredFinancialKinds("financialStatements", false)).toEqual(["pl", "bs", "breakdown_statement"]);
  });
  it("trial balance needs tb_pl and tb_bs", () => {
    expect(requiredFinancialKinds("trialBalance", true)).toEqual(["tb_pl", "tb_bs"]);
  });
  it("declarations need tax_returns", () => {
    expect(requiredFinancialKinds("declarationETax", null)).toEqual(["tax_returns"]);
    expect(requiredFinancialKinds("declarationDocument", null)).toEqual(["tax_returns"]);
  });
  it("business opening needs business_opening", () => {
    expect(requiredFinancialKinds("businessOpening", null)).toEqual(["business_opening"]);
  });
  it("nothing is asked before the type is known", () => {
    expect(requiredFinancialKinds(null, null)).toEqual([]);
  });
});

describe("financial step satisfaction", () => {
  it("§5 a yes/no choice on whether financial statements can be submitted is required", () => {
    expect(financialStepProblems(answers(null), "corporate", [])).toEqual({
      can_submit_financial_statements: FinancialStepMessage.canSubmitRequired,
    });
    expect(isFinancialStepSatisfied(answers(null), "corporate", [file(1, "pl")])).toBe(false);
  });

  it("asks an individual who can submit for the tax return method, and a corporation for the SGA flag", () => {
    expect(financialStepProblems(answers(true), "individual", [])).toEqual({
      tax_return_submissions: FinancialStepMessage.taxMethodRequired,
    });
    expect(financialStepProblems(answers(true), "corporate", [])).toMatchObject({
      includes_sga_expenses: FinancialStepMessage.sgaRequired,
    });
  });

  it("lists each missing upload of the chosen type", () => {
    expect(financialStepProblems(answers(true, null, false), "corporate", [file(1, "pl")])).toEqual({
      upload_bs: FinancialStepMessage.uploadRequired("bs"),
      upload_breakdown_statement: FinancialStepMessage.uploadRequired("breakdown_statement"),
    });
  });

  it("a kind is uploaded when a pending file of that kind exists without error", () => {
    const files = [file(1, "tb_pl"), file(2, "tb_bs", true)];
    expect(isFinancialStepSatisfied(answers(false), "corporate", files)).toBe(false);
    expect(isFinancialStepSatisfied(answers(false), "corporate", [...files, file(3, "tb_bs")])).toBe(true);
  });

  it("files of another type do not count", () => {
    expect(isFinancialStepSatisfied(answers(false), "individual", [file(1, "tax_returns")])).toBe(false);
    expect(isFinancialStepSatisfied(answers(false), "individual", [file(2, "business_opening")])).toBe(true);
    expect(isFinancialStepSatisfied(answers(true, "document"), "individual", [file(3, "tax_returns")])).toBe(
      true,
    );
  });

  it("financial statements with SGA details need all four files", () => {
    const three = [file(1, "pl"), file(2, "bs"), file(3, "breakdown_statement")];
    expect(isFinancialStepSatisfied(answers(true, null, true), "corporate", three)).toBe(false);
    expect(isFinancialStepSatisfied(answers(true, null, false), "corporate", three)).toBe(true);
    expect(
      isFinancialStepSatisfied(answers(true, null, true), "none", [...three, file(4, "sga_expenses")]),
    ).toBe(true);
  });

  it("§4 the financial step is similar to the withdrawal step: complete when satisfied, or confirmed with no inadequate claim and no delay claim", () => {
    const facts = { confirmed: true, hasInadequateClaim: false, hasDelayClaim: false };
    expect(isFinancialStepComplete(answers(null), "corporate", [], facts)).toBe(true);
    expect(
      isFinancialStepComplete(answers(null), "corporate", [], { ...facts, hasInadequateClaim: true }),
    ).toBe(false);
    expect(isFinancialStepComplete(answers(null), "corporate", [], { ...facts, hasDelayClaim: true })).toBe(
      false,
    );
    expect(isFinancialStepComplete(answers(null), "corporate", [], { ...facts, confirmed: false })).toBe(
      false,
    );
    expect(
      isFinancialStepComplete(answers(false), "corporate", [file(1, "tb_pl"), file(2, "tb_bs")], {
        ...facts,
        confirmed: false,
      }),
    ).toBe(true);
  });
});
