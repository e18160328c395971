// §2 "Step detection by path: financial step is a path ending in entry (optional trailing slash);
// invoice step is a path containing /entry/entry_invoice; withdrawal step is a path containing
// /entry/withdrawal_details."

import { describe, expect, it } from "vitest";
import { previousStep, stepOfPath, wizardPageOf } from "~/domain/entry-steps";

describe("stepOfPath", () => {
  it("a path ending in the segment entry, with or without a trailing slash, is the financial step", () => {
    expect(stepOfPath("/entry")).toBe("financial");
    expect(stepOfPath("/entry/")).toBe("financial");
  });

  it("a path whose last segment merely ends in the letters entry is not (/profile/before_entry)", () => {
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

describe("wizardPageOf (where an error screen's 「最初からやり直す」 starts again)", () => {
  it("a step's page is itself, with or without a trailing slash", () => {
    expect(wizardPageOf("/entry/entry_invoice")).toBe("/entry/entry_invoice");
    expect(wizardPageOf("/entry/")).toBe("/entry");
    expect(wizardPageOf("/entry/withdrawal_details")).toBe("/entry/withdrawal_details");
    expect(wizardPageOf("/profile/before_entry")).toBe("/profile/before_entry");
    expect(wizardPageOf("/entry/resubmit/12")).toBe("/entry/resubmit/12");
  });
  it("anything else is no wizard page: the complete page, look-ups, My page, the top page", () => {
    for (const path of [
      "/entry/complete",
      "/entry/houjinbangou",
      "/entry/banks",
      "/mypage",
      "/",
      "/entry/resubmit/x",
    ]) {
      expect(wizardPageOf(path)).toBeNull();
    }
  });
});
