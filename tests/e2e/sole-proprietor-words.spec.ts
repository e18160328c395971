// A sole proprietor (個人事業主) is spoken to as one, JavaScript on and off: the wizard's second step is
// the 確定申告書 (not 決算書類), the check page names the 事業主 (not 代表者), the detail page's document
// status and the resubmission read 確定申告書, and My page greets a proprietor without a 屋号 by name. A corporation keeps
// its words.

import { type Page, expect, test } from "./fixtures";
import { runOperator } from "./support-account";

const steps = (page: Page) => page.getByRole("navigation", { name: "お申し込みの手順" });
const shot = (name: string) => test.info().outputPath(`sole-${name}-phone.png`);

test("a sole proprietor without a 屋号: 確定申告書 in the steps, 事業主 on the check page, 確定申告書 on the detail page, greeted by name", async ({
  page,
  open,
  logInAs,
  userAtStep,
}) => {
  const user = await userAtStep("individual", { financialDone: true, withdrawalDone: true });
  await user.send("PATCH", "/api/profile/", { company_name: "" });
  await logInAs(user, "/entry/entry_invoice");
  await page.setViewportSize({ width: 375, height: 800 });

  await expect(steps(page)).toContainText("確定申告書");
  await expect(steps(page)).not.toContainText("決算書類");
  await expect(page.getByRole("button", { name: "次へ（確定申告書）" })).toBeVisible();
  await page.screenshot({ path: shot("invoice-step") });

  await open("/entry");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("確定申告書の提出");
  await expect(page).toHaveTitle(/^確定申告書の提出/);
  await expect(steps(page).locator('[aria-current="step"]')).toContainText("確定申告書");

  await open("/profile/before_entry");
  const summary = page.getByRole("region", { name: "会員情報" });
  await expect(summary.locator("dt", { hasText: /^事業主$/ })).toBeVisible();
  await expect(summary.locator("dt", { hasText: "代表者" })).toHaveCount(0);
  await expect(summary.locator("dt", { hasText: "会社名" })).toHaveCount(0);
  await page.screenshot({ path: shot("check-page"), fullPage: true });

  await page.getByRole("button", { name: "この内容で申し込む" }).click();
  await expect(page.getByRole("heading", { name: "お申し込みを受け付けました" })).toBeVisible();
  await page.getByRole("link", { name: "お申し込みの詳細を見る" }).click();
  await expect(page).toHaveURL(/\/entry\/detail\/\d+$/);
  await expect(page.getByRole("term").filter({ hasText: /^確定申告書の確認状況$/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "確定申告書" })).toBeVisible();
  await expect(page.getByText("決算書類")).toHaveCount(0);
  await page.screenshot({ path: shot("detail"), fullPage: true });

  // Asked for again: the resubmission names the 確定申告書 too.
  const entryId = new URL(page.url()).pathname.split("/").pop()!;
  runOperator(
    "inadequate-entry",
    entryId,
    "--reason",
    "直近の確定申告書をご提出ください。",
    "--document",
    "financial_statements",
  );
  await open(`/entry/resubmit/${entryId}`);
  await expect(page.getByText("審査の結果、確定申告書に不備がありました。")).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "確定申告書" })).toBeVisible();
  await expect(page.getByText("決算書類")).toHaveCount(0);
  await page.screenshot({ path: shot("resubmit"), fullPage: true });

  await open("/mypage");
  await expect(page.locator(".my-page-account")).toContainText("山田 太郎 様");
  await expect(page.locator("dt", { hasText: "屋号" })).toHaveCount(0);
  await page.screenshot({ path: shot("mypage") });
});

test("a corporation keeps 決算書類 and 代表者, and is greeted by its name", async ({
  applicantOn,
  page,
  open,
}) => {
  await applicantOn("/entry/entry_invoice", "corporate", { financialDone: true, withdrawalDone: true });
  await expect(steps(page)).toContainText("決算書類");
  await expect(page.getByRole("button", { name: "次へ（決算書類）" })).toBeVisible();
  await open("/entry");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("決算書類の提出");
  await open("/profile/before_entry");
  await expect(
    page.getByRole("region", { name: "会員情報" }).locator("dt", { hasText: /^代表者$/ }),
  ).toBeVisible();
  await open("/mypage");
  await expect(page.locator(".my-page-account")).toContainText("株式会社テスト商事 様");
});

test("the profile forms ask a sole proprietor for the 事業主's name and home, as the business type is chosen", async ({
  page,
  javaScript,
  logInAs,
  readyToApply,
  newUserOnProfilePage,
}) => {
  await newUserOnProfilePage("sole-register");
  await expect(page.getByLabel(/^代表者氏名（姓）/)).toBeVisible();
  await page.getByRole("radio", { name: "個人事業主" }).check();
  // Without JavaScript the page follows the business type it was sent with.
  if (!javaScript) await page.getByRole("button", { name: "登録する" }).click();
  await expect(page.getByLabel(/^事業主氏名（姓）/)).toBeVisible();
  await expect(page.getByRole("group", { name: "事業主のご自宅・連絡先" })).toBeVisible();
  await expect(page.getByText("事業主ご本人の本人確認書類", { exact: false })).toBeVisible();

  await page.context().clearCookies();
  const user = await readyToApply("individual");
  await logInAs(user, "/profile");
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole("heading", { name: "事業者・事業主の情報" })).toBeVisible();
  await expect(page.getByLabel(/^事業主氏名（名）/)).toHaveValue("太郎");
  await expect(page.getByRole("group", { name: "事業主のご自宅・連絡先" })).toBeVisible();
  await expect(page.getByText("代表者")).toHaveCount(0);
  await page.getByRole("group", { name: "事業主のご自宅・連絡先" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("profile") });
});

test("a sole proprietor who skips ahead hears that the 確定申告書 is unfinished", async ({
  page,
  applicantOn,
}) => {
  await applicantOn("/entry/withdrawal_details", "individual");
  await expect(page).toHaveURL(/\/entry\?error=unfinished_tax_return$/);
  await expect(
    page.getByText("確定申告書の提出がまだ終わっていません。先にこちらをご入力ください。"),
  ).toBeVisible();
  await expect(page.getByText("決算書類")).toHaveCount(0);
});
