// Uploads keep the form: an identity document uploaded on /register/profile or
// /profile leaves every value typed on the page as it was, also without JavaScript, where the slot
// posts the page's form (decision 0007) and the page comes back with what was typed (not saved).

import { type Page, expect, test } from "./fixtures";
import { pngFile } from "./files";
import { fillCorporateProfile } from "./support-profile";

const office = (page: Page) => page.getByRole("group", { name: "事業所の所在地・連絡先" });
const current = (page: Page, side: "front" | "back") => page.getByTestId(`upload-identity-${side}-current`);

test("/register/profile: what was typed is still there after an identity upload", async ({
  page,
  uploadInto,
  newUserOnProfilePage,
}) => {
  await newUserOnProfilePage("register-keep");
  await page.getByRole("radio", { name: "運転免許証" }).check();
  await fillCorporateProfile(page);
  await uploadInto("本人確認書類（表面）", pngFile("front.png"));
  await expect(current(page, "front")).toContainText("アップロード済み：front.png");

  await expect(page.getByRole("radio", { name: "運転免許証" })).toBeChecked();
  await expect(page.getByLabel("会社名・屋号", { exact: false })).toHaveValue("株式会社テスト商事");
  await expect(page.getByLabel("代表者氏名（姓） ※必須")).toHaveValue("山田");
  await expect(office(page).getByLabel("郵便番号 ※必須")).toHaveValue("１００－０００５");
  await expect(office(page).getByLabel("都道府県 ※必須")).toHaveValue("東京都");
  await expect(office(page).getByLabel("電話番号 ※必須")).toHaveValue("03-1234-5678");

  // And the second side, then the registration goes through with what was typed.
  await uploadInto("本人確認書類（裏面）", pngFile("back.png"));
  await expect(current(page, "back")).toContainText("アップロード済み：back.png");
  await expect(page.getByLabel("代表者氏名（名） ※必須")).toHaveValue("太郎");
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page).toHaveURL(/\/mypage$/);
});

test("/profile: a change typed and not yet saved is still there after an identity upload", async ({
  page,
  uploadInto,
  newApplicantOn,
}) => {
  await newApplicantOn("/profile", "corporate");
  const company = page.getByLabel("会社名・屋号", { exact: false });
  await company.fill("株式会社変更途中");
  await office(page).getByLabel("市区町村 ※必須").fill("中央区");
  await page.getByText("本人確認書類を提出・更新する").click();
  await uploadInto("本人確認書類（表面）", pngFile("new-front.png"));
  await expect(current(page, "front")).toContainText("アップロード済み：new-front.png");

  await expect(company).toHaveValue("株式会社変更途中");
  await expect(office(page).getByLabel("市区町村 ※必須")).toHaveValue("中央区");
});
