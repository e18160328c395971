// No field changes a value without telling: an account number is never cut by a
// maxlength. Typed 12345678, every account-number field keeps all eight digits and §5 answers
// 「7桁の半角数字で入力してください」; typed with full-width digits, a hyphen or a space, it is
// normalised like the claim's and saved as seven digits. JavaScript on and off.

import { type Locator, type Page, expect, test } from "./fixtures";
import { ValidationMessage } from "../../app/domain/messages";

const WITHDRAWAL = "/entry/withdrawal_details";
const statement = (page: Page) => page.locator("#bank-1");
const payout = (page: Page) => page.getByRole("group", { name: "お振込先口座（買取代金のお振込先）" });
const accountNumber = (scope: Locator) => scope.getByLabel(/^口座番号 ※必須$/);

test("the withdrawal step: 12345678 stays 12345678 and is refused with §5's message, in both fields", async ({
  page,
  applicantOn,
}) => {
  const user = await applicantOn(WITHDRAWAL, "corporate", { financialDone: true });

  await accountNumber(statement(page)).fill("12345678");
  await accountNumber(payout(page)).fill("12345678");
  // What the browser holds is what was typed: no maxlength cut it.
  await expect(accountNumber(statement(page))).toHaveValue("12345678");
  await expect(accountNumber(payout(page))).toHaveValue("12345678");
  await page.getByRole("button", { name: "次へ" }).click();

  const summary = page.locator(".error-summary");
  await expect(summary).toContainText(`口座1の口座番号：${ValidationMessage.bankAccountNumber}`);
  await expect(summary).toContainText(`お振込先の口座番号：${ValidationMessage.bankAccountNumber}`);
  await expect(accountNumber(statement(page))).toHaveValue("12345678");
  await expect(accountNumber(payout(page))).toHaveValue("12345678");
  // Saved as typed (the draft is saved first), never as 1234567.
  const draft = (await user.draft()) as {
    banks: { bank_account_number: string }[];
    bank_account: { bank_account_number: string };
  };
  expect(draft.banks[0]?.bank_account_number).toBe("12345678");
  expect(draft.bank_account.bank_account_number).toBe("12345678");
});

test("the withdrawal step: １２３－４５６７ and 123 4567 are saved as 1234567 and accepted", async ({
  page,
  applicantOn,
}) => {
  const user = await applicantOn(WITHDRAWAL, "corporate", { financialDone: true });

  await accountNumber(statement(page)).fill("１２３－４５６７");
  await accountNumber(payout(page)).fill("123 4567");
  await page.getByRole("button", { name: "下書き保存" }).click();
  await expect(page.getByText("入力内容を保存しました。")).toBeVisible();

  const draft = (await user.draft()) as {
    banks: { bank_account_number: string }[];
    bank_account: { bank_account_number: string };
  };
  expect(draft.banks[0]?.bank_account_number).toBe("1234567");
  expect(draft.bank_account.bank_account_number).toBe("1234567");
  await expect(page.locator(".error-summary")).toHaveCount(0);
});

test("every account-number field of the app has no maxlength that could cut a number", async ({
  page,
  open,
  logInAs,
  userAtStep,
}) => {
  const user = await userAtStep("corporate", { financialDone: true });
  await logInAs(user);
  for (const path of ["/entry/entry_invoice", WITHDRAWAL, "/profile"]) {
    await open(path);
    const fields = page.getByLabel(/^口座番号/);
    const count = await fields.count();
    for (let index = 0; index < count; index += 1) {
      await expect(fields.nth(index), `${path} 口座番号 ${index + 1}`).not.toHaveAttribute("maxlength", /.*/);
    }
  }
});
