// The wizard knows where it is: every wizard page marks its own step and says
// 「ステップ n / 4」 in text; finished steps are plain links; 戻る leads to the step before; and a user
// the entry-step guard (§2) sends elsewhere is told why. JavaScript on and off.

import { type Page, expect, test } from "./fixtures";
import { withdrawalDone } from "./support-wizard-steps";

const stepBar = (page: Page) => page.getByRole("navigation", { name: "お申し込みの手順" });

async function expectAtStep(page: Page, position: number, label: string) {
  await expect(stepBar(page)).toContainText(`ステップ ${position} / 4`);
  await expect(stepBar(page).locator('[aria-current="step"]')).toContainText(label);
}

test("every wizard page marks its own step; finished steps are links; 戻る leads back", async ({
  page,
  open,
  logInAs,
  userAtStep,
}) => {
  const user = await userAtStep("corporate", { financialDone: true });
  await withdrawalDone(user);
  await logInAs(user, "/profile/before_entry");
  await expectAtStep(page, 4, "会員情報の確認");
  // The finished steps are links (plain <a>: they work without JavaScript).
  await expect(stepBar(page).getByRole("link")).toHaveCount(3);
  await stepBar(page)
    .getByRole("link", { name: /入出金明細・振込先/ })
    .click();
  await expect(page).toHaveURL(/\/entry\/withdrawal_details$/);
  await expectAtStep(page, 3, "入出金明細・振込先");

  // On a step with a form, 戻る is its button (it saves what was typed first).
  await page.getByRole("button", { name: "戻る", exact: true }).click();
  await expect(page).toHaveURL(/\/entry$/);
  await expectAtStep(page, 2, "決算書類");

  await page.getByRole("button", { name: "戻る", exact: true }).click();
  await expect(page).toHaveURL(/\/entry\/entry_invoice$/);
  await expectAtStep(page, 1, "請求書");
  // The first step has no 戻る and no finished step.
  await expect(page.getByRole("link", { name: "戻る", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "戻る", exact: true })).toHaveCount(0);
  await expect(stepBar(page).getByRole("link")).toHaveCount(0);

  await open("/profile/before_entry");
  await page.getByRole("link", { name: "戻る", exact: true }).click();
  await expect(page).toHaveURL(/\/entry\/withdrawal_details$/);
});

test("a user who skips ahead is sent to the unfinished step and told why", async ({
  page,
  newApplicantOn,
}) => {
  await newApplicantOn("/profile/before_entry", "corporate");
  await expect(page).toHaveURL(/\/entry\/entry_invoice\?error=unfinished_invoices$/);
  await expect(
    page.getByRole("alert").filter({ hasText: "請求書の入力がまだ終わっていません。" }),
  ).toHaveText("請求書の入力がまだ終わっていません。先にこちらをご入力ください。");
  await expectAtStep(page, 1, "請求書");
});

test("a user past the invoice step who skips ahead hears which step is unfinished", async ({
  page,
  applicantOn,
}) => {
  await applicantOn("/entry/withdrawal_details", "corporate");
  await expect(page).toHaveURL(/\/entry\?error=unfinished_financial$/);
  await expect(
    page.getByText("決算書類の提出がまだ終わっていません。先にこちらをご入力ください。"),
  ).toBeVisible();
  await expectAtStep(page, 2, "決算書類");
});

test("戻る keeps what was typed as a draft", async ({ page, open, applicantOn }) => {
  const user = await applicantOn("/entry/withdrawal_details", "corporate", { financialDone: true });
  const bankName = page.locator("#bank-1").getByLabel(/^金融機関名 ※必須$/);
  await bankName.fill("戻る前に入力した銀行");
  await page.getByRole("button", { name: "戻る", exact: true }).click();
  await expect(page).toHaveURL(/\/entry$/);
  const draft = (await user.draft()) as { banks: { bank_name: string }[] };
  expect(draft.banks[0]?.bank_name).toBe("戻る前に入力した銀行");
  await open("/entry/withdrawal_details");
  await expect(page.locator("#bank-1").getByLabel(/^金融機関名 ※必須$/)).toHaveValue("戻る前に入力した銀行");
});
