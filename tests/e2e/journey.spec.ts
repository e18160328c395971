// The whole sign-up journey, JavaScript on and off: register → the activation link from the outbox →
// the profile with the identity front and back → My page showing the account ready for an entry.

import { expect, test } from "./fixtures";
import { pdfFile, pngFile } from "./files";
import { STRONG_PASSWORD } from "./support";
import { latestActivationLink } from "./support-account";
import { fillCorporateProfile } from "./support-profile";

test("a business owner registers, confirms the e-mail, registers the profile and identity, and is ready to apply", async ({
  page,
  baseURL,
  open,
  hydrated,
  freshEmail,
  uploadInto,
}) => {
  const email = freshEmail("journey");
  await open("/register");
  await page.getByLabel("メールアドレス ※必須", { exact: true }).fill(email);
  await page.getByLabel("パスワード ※必須", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("パスワード（確認） ※必須", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("法人", { exact: true }).check();
  await page.getByLabel(/に同意する/).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page).toHaveURL(/\/register\/complete$/);

  // The mail arrives; its link confirms the address.
  await open(latestActivationLink(email, baseURL!));
  await page.getByRole("button", { name: "メールアドレスを確認する" }).click();
  await expect(page).toHaveURL(/\/company\/mail\/complete$/);

  await open("/register/profile");
  for (const [side, file] of [
    ["表面", pdfFile("front.pdf")],
    ["裏面", pngFile("back.png")],
  ] as const) {
    const slot = await uploadInto(`本人確認書類（${side}）`, file);
    await expect(slot.getByText(`アップロード済み：${file.name}`)).toBeVisible();
  }
  await hydrated();
  await page.getByRole("radio", { name: "運転免許証" }).check();
  await fillCorporateProfile(page);
  await page.getByRole("button", { name: "登録する" }).click();

  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByRole("link", { name: "新しく申し込む" })).toBeVisible();
});
