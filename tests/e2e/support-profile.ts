// Profile fixtures: the profile form filled as a person fills it.

import { type Page, type TestInfo, expect } from "@playwright/test";
import { STRONG_PASSWORD, logIn, openPage, registerThroughUpstream, uniqueEmail } from "./support";

/** Fills the profile form with a complete, valid corporate profile (typed as people type it). */
export async function fillCorporateProfile(page: Page) {
  await page.getByRole("radio", { name: "法人" }).check();
  await page.getByLabel("会社名・屋号", { exact: false }).fill("株式会社テスト商事");
  await page.getByLabel("代表者氏名（姓） ※必須").fill("山田");
  await page.getByLabel("代表者氏名（名） ※必須").fill("太郎");
  for (const [group, zipcode, city] of [
    ["事業所の所在地・連絡先", "１００－０００５", "千代田区"],
    ["代表者のご自宅・連絡先", "150-0001", "渋谷区"],
  ] as const) {
    const fieldset = page.getByRole("group", { name: group });
    await fieldset.getByLabel("郵便番号 ※必須").fill(zipcode);
    await fieldset.getByLabel("都道府県 ※必須").selectOption("東京都");
    await fieldset.getByLabel("市区町村 ※必須").fill(city);
    await fieldset.getByLabel("番地・建物名 ※必須").fill("1-1-1");
    await fieldset.getByLabel("電話番号 ※必須").fill("03-1234-5678");
  }
}

/** A fresh account, logged in, on /register/profile (the first profile registration). */
export async function newUserOnProfilePage(page: Page, testInfo: TestInfo, label: string) {
  const email = uniqueEmail(testInfo, label);
  await registerThroughUpstream(email);
  await logIn(page, testInfo, email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await openPage(page, "/register/profile", testInfo);
  return email;
}
