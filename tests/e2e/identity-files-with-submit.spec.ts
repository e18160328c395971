// Identity files chosen and not sent on their own go with the page's own button, as a wizard step's do
// (decision 0007): without JavaScript the page sends one form carrying every chosen file, so pressing
// 「本人確認書類を提出する」 or 「登録する」 uploads them first. With JavaScript they went when chosen.

import { type Locator, type Page, expect, test } from "./fixtures";
import { pdfFile, pngFile } from "./files";
import { fillCorporateProfile } from "./support-profile";

const slotOf = (page: Page, label: string): Locator =>
  page.locator(".upload-slot").filter({ has: page.getByLabel(label, { exact: true }) });

/** Chooses a file in a slot and presses nothing; with JavaScript the slot sends it, and it is awaited. */
async function choose(page: Page, javaScript: boolean, label: string, file: ReturnType<typeof pdfFile>) {
  const slot = slotOf(page, label);
  await slot.getByLabel(label, { exact: true }).setInputFiles(file);
  if (javaScript) await expect(slot.getByText(`アップロード済み：${file.name}`)).toBeVisible();
}

test("/profile: identity files chosen before 「本人確認書類を提出する」 are submitted with it", async ({
  page,
  javaScript,
  newApplicantOn,
}) => {
  await newApplicantOn("/profile", "corporate");
  await page.getByText("本人確認書類を提出・更新する").click();
  await choose(page, javaScript, "本人確認書類（表面）", pngFile("chosen-front.png"));
  await choose(page, javaScript, "本人確認書類（裏面）", pdfFile("chosen-back.pdf"));
  await page.getByRole("radio", { name: "パスポート" }).check();
  await page.getByRole("button", { name: "本人確認書類を提出する" }).click();

  await expect(page.getByText("本人確認書類を提出しました。")).toBeVisible();
  await expect(page.getByTestId("identity-status")).toHaveText("確認中");
  await expect(page.getByTestId("upload-identity-front-current")).toContainText("chosen-front.png");
  await expect(page.getByTestId("upload-identity-back-current")).toContainText("chosen-back.pdf");
});

test("/profile: a refused identity submission keeps the chosen files and what was typed in the profile", async ({
  page,
  javaScript,
  newApplicantOn,
}) => {
  await newApplicantOn("/profile", "corporate");
  const company = page.getByLabel("会社名・屋号", { exact: false });
  await company.fill("株式会社提出途中");
  await page.getByText("本人確認書類を提出・更新する").click();
  await choose(page, javaScript, "本人確認書類（表面）", pngFile("kept-front.png"));
  // No document type chosen: the submission is refused at the radio, the file is stored all the same.
  await page.getByRole("button", { name: "本人確認書類を提出する" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "エラー：入力内容をご確認ください" })).toBeVisible();
  await expect(page.getByTestId("upload-identity-front-current")).toContainText("kept-front.png");
  await expect(company).toHaveValue("株式会社提出途中");
});

test("/register/profile: identity files chosen before 「登録する」 are registered with it", async ({
  page,
  javaScript,
  open,
  newUserOnProfilePage,
}) => {
  await newUserOnProfilePage("chosen");
  await choose(page, javaScript, "本人確認書類（表面）", pdfFile("first-front.pdf"));
  await choose(page, javaScript, "本人確認書類（裏面）", pngFile("first-back.png"));
  await page.getByRole("radio", { name: "運転免許証" }).check();
  await fillCorporateProfile(page);
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page).toHaveURL(/\/mypage$/);

  await open("/profile");
  await expect(page.getByTestId("identity-status")).toHaveText("確認中");
  await expect(page.getByTestId("upload-identity-front-current")).toContainText("first-front.pdf");
});
