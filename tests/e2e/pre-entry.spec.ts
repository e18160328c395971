// JavaScript on and off: the pre-entry screening (/register/pre_entry →
// /pre_entry/result) against the upstream's screening call. Every answer is required and a blank
// form keeps nothing back silently; a declined result shows the upstream's reasons, and My page then
// says that an entry cannot be made (§4 preEntryDeclined), as the wizard refuses it.

import { expect, test } from "./fixtures";
import { STRONG_PASSWORD } from "./support";
import { UpstreamUser } from "./support-account";

test("pre-entry: every answer required; declined shows the reasons, and My page and the wizard refuse an entry", async ({
  page,
  freshEmail,
  logIn,
  open,
  hydrated,
}) => {
  const email = freshEmail("pre-entry");
  await UpstreamUser.register(email);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await page.getByRole("link", { name: /事前審査の質問に回答する/ }).click();
  await expect(page).toHaveURL(/\/register\/pre_entry$/);
  await hydrated();
  await expect(page).toHaveTitle(/^事前審査 \| /);

  await page.getByLabel(/年間の売上高/).fill("12,000,000");
  await page.getByRole("button", { name: "回答して結果を見る" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "事業を始めてからの年数" });
  await expect(summary).toBeVisible();
  await expect(page.getByRole("group", { name: /税金の滞納/ })).toContainText(
    "税金の滞納があるかを選択してください。",
  );
  // What was typed is kept; the registered division starts chosen.
  await expect(page.getByLabel(/年間の売上高/)).toHaveValue("12,000,000");
  await expect(page.getByRole("radio", { name: "法人" })).toBeChecked();

  await page.getByLabel(/事業を始めてからの年数/).fill("３");
  await page
    .getByRole("group", { name: /請求書（適格請求書）の発行/ })
    .getByLabel("発行している")
    .check();
  await page
    .getByRole("group", { name: /税金の滞納/ })
    .getByLabel("滞納がある")
    .check();
  await page.getByRole("button", { name: "回答して結果を見る" }).click();
  await expect(page).toHaveURL(/\/pre_entry\/result$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("事前審査の結果");
  await expect(page.getByRole("alert")).toContainText("事前審査の結果、お申し込みいただけません。");
  await expect(page.getByRole("alert")).toContainText("税金の滞納があるため、お申し込みいただけません。");
  await expect(page.locator("footer")).toHaveCount(0);

  await open("/mypage");
  await expect(page.getByRole("list", { name: "お申し込みできない理由" })).toContainText(
    "事前審査の結果、お申し込みいただけません。",
  );
  await expect(page.getByRole("link", { name: /事前審査の質問に回答する/ })).toHaveCount(0);
  await open("/entry/entry_invoice");
  await expect(page).toHaveURL(/\/mypage\?error=entry_blocked$/);
});
