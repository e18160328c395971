// The payment date's example is written as people write a date: 「例：2026/12/31」, not 「例：2026-12-31」.

import { expect, test } from "./fixtures";
import { claim } from "./support-wizard-invoice";

test("the payment date's hint gives the example as 2026/12/31", async ({ page, applicantOnInvoiceStep }) => {
  await applicantOnInvoiceStep("date-hint");
  const date = claim(page, 1).getByLabel("入金予定日（支払期日）", { exact: false });
  await expect(date).toHaveAccessibleDescription(/例：2026\/12\/31/);
  await expect(claim(page, 1)).not.toContainText("2026-12-31");
});
