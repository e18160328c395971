// ゆうちょ銀行: the passbook's 記号・番号 is not the number a transfer takes. Typed as the account number
// (an 8-digit 番号), every bank-account form names the 振込用 店名・口座番号 and where to find them, in
// place of §5's bare 「7桁の半角数字で入力してください」. JavaScript on and off.

import { type Locator, type Page, expect, test } from "./fixtures";
const YUCHO_ACCOUNT_NUMBER_MESSAGE =
  "ゆうちょ銀行の記号・番号ではなく、振込用の店名（漢数字3桁）と口座番号（7桁）をご入力ください。通帳の見開き、またはゆうちょ銀行のホームページの変換ツールで確認できます。";

const WITHDRAWAL = "/entry/withdrawal_details";
const statement = (page: Page) => page.locator("#bank-1");
const payout = (page: Page) => page.getByRole("group", { name: "お振込先口座（買取代金のお振込先）" });
const bankName = (scope: Locator) => scope.getByLabel(/^金融機関名/);
const accountNumber = (scope: Locator) => scope.getByLabel(/^口座番号/);

test("the withdrawal step: a statement's and the payout account's ゆうちょ 記号・番号 get the 振込用 number's message", async ({
  page,
  applicantOn,
}) => {
  await applicantOn(WITHDRAWAL, "corporate", { financialDone: true });
  await page.setViewportSize({ width: 375, height: 800 });

  for (const scope of [statement(page), payout(page)]) {
    await bankName(scope).fill("ゆうちょ銀行");
    await accountNumber(scope).fill("12345671");
  }
  await page.getByRole("button", { name: "次へ" }).click();

  const summary = page.locator(".error-summary");
  await expect(summary).toContainText(`口座1の口座番号：${YUCHO_ACCOUNT_NUMBER_MESSAGE}`);
  await expect(summary).toContainText(`お振込先の口座番号：${YUCHO_ACCOUNT_NUMBER_MESSAGE}`);
  await expect(accountNumber(statement(page))).toHaveAccessibleDescription(
    new RegExp(YUCHO_ACCOUNT_NUMBER_MESSAGE),
  );
  await expect(accountNumber(payout(page))).toHaveAccessibleDescription(
    new RegExp(YUCHO_ACCOUNT_NUMBER_MESSAGE),
  );
  await payout(page).scrollIntoViewIfNeeded();
  await page.screenshot({
    path: test.info().outputPath("yucho-withdrawal-phone.png"),
  });
});

test("/profile: the payout account's ゆうちょ 記号・番号 gets the 振込用 number's message, and is kept as typed", async ({
  page,
  logInAs,
  userAtStep,
}) => {
  const user = await userAtStep("corporate");
  await logInAs(user, "/profile");
  await page.setViewportSize({ width: 375, height: 800 });
  const account = page.getByRole("group", { name: "お振込先口座" });
  await bankName(account).fill("ゆうちょ銀行");
  await account.getByLabel(/^支店名/).fill("〇一八");
  await account.getByLabel(/^口座番号/).fill("12345671");
  await account.getByLabel(/^口座名義/).fill("ヤマダ　タロウ");
  await page.getByRole("button", { name: "変更を保存する" }).click();

  await expect(page.locator(".error-summary")).toContainText(YUCHO_ACCOUNT_NUMBER_MESSAGE);
  await expect(account.getByLabel(/^口座番号/)).toHaveValue("12345671");
  await account.getByLabel(/^口座番号/).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("yucho-profile-phone.png") });
});
