// Drafts and submits tell the truth: 下書き保存 with 「abc円」, 「-5」 and a payment
// date of 2020-01-01 keeps what was typed and says §8's draft-save message, with each problem at its
// field, instead of 「下書きを保存しました。」; 次へ refuses the passed date too. JavaScript on and off.

import { expect, test } from "./fixtures";
import { InvoiceStepMessage } from "../../app/domain/invoice-step";
import { ErrorMessage } from "../../app/domain/error-messages";

test("a junk draft is kept, and said to be wrong at its fields with §8's message", async ({
  page,
  newApplicantOn,
}) => {
  const user = await newApplicantOn("/entry/entry_invoice", "corporate");

  await page.getByLabel(/^希望買取額（円）/).fill("abc円");
  const claim = page.locator("#claim-1");
  await claim.getByLabel(/^請求書額面（税込・円）/).fill("-5");
  await claim.getByLabel(/^入金予定日（支払期日）/).fill("2020-01-01");
  await page.getByRole("button", { name: "下書き保存" }).click();

  const summary = page.locator(".error-summary");
  await expect(summary).toContainText(ErrorMessage.draftSaveError);
  await expect(summary).toContainText(InvoiceStepMessage.paymentDatePast);
  await expect(page.getByText("下書きを保存しました。")).toHaveCount(0);
  await expect(claim.getByText(InvoiceStepMessage.paymentDatePast)).toBeVisible();
  await expect(page.getByLabel(/^希望買取額（円）/)).toHaveValue("abc円");
  await expect(claim.getByLabel(/^請求書額面（税込・円）/)).toHaveValue("-5");
  // Kept: the draft holds what was typed, to be corrected later.
  const draft = (await user.draft()) as {
    purchase_amount_desired: unknown;
    claims: { obliger_payment_date: string }[];
  };
  expect(draft.claims[0]?.obliger_payment_date).toBe("2020-01-01");

  // 次へ refuses the passed date as well.
  await page.getByRole("button", { name: /^次へ/ }).click();
  await expect(claim.getByText(InvoiceStepMessage.paymentDatePast)).toBeVisible();
  await expect(page).toHaveURL(/\/entry\/entry_invoice$/);
});
