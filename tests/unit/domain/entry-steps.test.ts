// §2 "Step detection by path: financial step is a path ending in entry (optional trailing slash);
// invoice step is a path containing /entry/entry_invoice; withdrawal step is a path containing
// /entry/withdrawal_details."

import { describe, expect, it } from "vitest";
import { previousStep, stepOfPath } from "~/domain/entry-steps";

describe("stepOfPath", () => {
  it("a path ending in the segment entry, with or without a trailing slash, is the financial step", () => {
    expect(stepOfPath("/entry")).toBe("financial");
    expect(stepOfPath("/entry/")).toBe("financial");
  });

  it("a path whose last segment merely ends in the letters entry is not (issue 15: /profile/before_entry)", () => {
    expect(stepOfPath("/profile/before_entry")).toBeNull();
    expect(stepOfPath("/reentry")).toBeNull();
  });

  it("the invoice and withdrawal steps by the path they contain", () => {
    expect(stepOfPath("/entry/entry_invoice")).toBe("invoice");
    expect(stepOfPath("/entry/withdrawal_details/")).toBe("withdrawal");
    expect(stepOfPath("/mypage")).toBeNull();
  });
});

describe("previousStep (where 戻る leads)", () => {
  it("is the step before, none before the first", () => {
    expect(previousStep("submitInvoices")).toBeNull();
    expect(previousStep("submitFinancialStatements")).toBe("submitInvoices");
    expect(previousStep("submitWithdrawalsDetail")).toBe("submitFinancialStatements");
    expect(previousStep("submitProfile")).toBe("submitWithdrawalsDetail");
  });
});
