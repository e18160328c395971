// Profile and identity (JavaScript on and off): the first profile registration with the
// identity front and back, the refusals of bad files and bad input, and an expired identity asking
// for new documents.

import { expect, test } from "./fixtures";
import { justOverLimitPdf, pdfFile, pngFile, renamedExecutable } from "./files";
import { runOperator, userRow } from "./support-account";
import { fillCorporateProfile } from "./support-profile";

test("a new user registers the profile with the identity front and back, then sees it on /profile", async ({
  page,
  open,
  uploadInto,
  newUserOnProfilePage,
}) => {
  await newUserOnProfilePage("profile");
  const front = await uploadInto("本人確認書類（表面）", pdfFile("licence-front.pdf"));
  await expect(front.getByText("アップロード済み：licence-front.pdf")).toBeVisible();
  const back = await uploadInto("本人確認書類（裏面）", pngFile("licence-back.png"));
  await expect(back.getByText("アップロード済み：licence-back.png")).toBeVisible();

  await page.getByRole("radio", { name: "運転免許証" }).check();
  await fillCorporateProfile(page);
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page).toHaveURL(/\/mypage$/);

  await open("/profile");
  await expect(page.getByTestId("identity-status")).toHaveText("確認中");
  const office = page.getByRole("group", { name: "事業所の所在地・連絡先" });
  // The full-width postcode was accepted and normalised.
  await expect(office.getByLabel("郵便番号 ※必須")).toHaveValue("100-0005");
  await expect(page.getByLabel("会社名・屋号", { exact: false })).toHaveValue("株式会社テスト商事");
});

test("a renamed executable and a file over 10 MiB are refused at the slot, the typed values kept", async ({
  page,
  uploadInto,
  newUserOnProfilePage,
}, testInfo) => {
  await newUserOnProfilePage("badfile");
  // Typed first, not saved: a refused file keeps it (without JavaScript the slot sent it along).
  await fillCorporateProfile(page);
  await page.getByRole("radio", { name: "運転免許証" }).check();
  const front = await uploadInto("本人確認書類（表面）", renamedExecutable());
  await expect(front.getByText("PDF、JPEG、PNGのファイルを選択してください。")).toBeVisible();
  await expect(front.getByText("まだアップロードされていません")).toBeVisible();
  // Just over: a request over the per-request cap is refused unread (upload-names.spec.ts).
  const back = await uploadInto("本人確認書類（裏面）", justOverLimitPdf());
  await expect(back.getByText("ファイルサイズは10MBまでです。")).toBeVisible();
  await expect(back.getByText("まだアップロードされていません")).toBeVisible();

  await expect(page.getByLabel("会社名・屋号", { exact: false })).toHaveValue("株式会社テスト商事");
  await expect(page.getByRole("radio", { name: "運転免許証" })).toBeChecked();
  const office = page.getByRole("group", { name: "事業所の所在地・連絡先" });
  await expect(office.getByLabel("郵便番号 ※必須")).toHaveValue("１００－０００５");
  await expect(office.getByLabel("都道府県 ※必須")).toHaveValue("東京都");
  // No error of the form's own: the form was not sent to be saved. Without JavaScript the page comes
  // back with the refusal in the summary too, linking to its slot; nothing else is listed.
  const summary = page.locator(".error-summary");
  await expect(summary.locator("li")).toHaveCount(testInfo.project.name === "js-off" ? 1 : 0);
  await expect(summary.locator('li a:not([href^="#field-upload_identity-"])')).toHaveCount(0);
});

test("bad postcodes and phones get their messages, the other values are kept", async ({
  page,
  uploadInto,
  newUserOnProfilePage,
}) => {
  await newUserOnProfilePage("badinput");
  await uploadInto("本人確認書類（表面）", pdfFile());
  // §5 one upload per kind at a time: the back goes once the front is in.
  await expect(page.getByText("アップロード済み：document.pdf")).toBeVisible();
  await uploadInto("本人確認書類（裏面）", pdfFile("back.pdf"));
  await expect(page.getByText("アップロード済み：back.pdf")).toBeVisible();
  await page.getByRole("radio", { name: "パスポート" }).check();
  await fillCorporateProfile(page);
  const office = page.getByRole("group", { name: "事業所の所在地・連絡先" });
  await office.getByLabel("郵便番号 ※必須").fill("12-345");
  await office.getByLabel("電話番号 ※必須").fill("1234");
  await page.getByRole("button", { name: "登録する" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "エラー：入力内容をご確認ください" })).toBeVisible();
  await expect(office.getByText("郵便番号は7桁の数字で入力してください（例: 100-0005）。")).toBeVisible();
  await expect(
    office.getByText("電話番号は0から始まる10桁または11桁の数字で入力してください（ハイフン可）。"),
  ).toBeVisible();
  await expect(page.getByLabel("代表者氏名（姓） ※必須")).toHaveValue("山田");
  await expect(office.getByLabel("郵便番号 ※必須")).toHaveValue("12-345");
  await expect(page).toHaveURL(/\/register\/profile(#identity)?$/);
});

test("the profile is not saved without the identity documents (§5)", async ({
  page,
  newUserOnProfilePage,
}) => {
  await newUserOnProfilePage("noidentity");
  await page.getByRole("radio", { name: "運転免許証" }).check();
  await fillCorporateProfile(page);
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page.getByText("本人確認書類（表面・裏面）をアップロードしてください。")).toBeVisible();
  await expect(page.getByLabel("代表者氏名（名） ※必須")).toHaveValue("太郎");
});

test("an expired identity asks for new documents, and new ones go back to review", async ({
  page,
  open,
  uploadInto,
  newUserOnProfilePage,
}) => {
  const email = await newUserOnProfilePage("expired");
  await uploadInto("本人確認書類（表面）", pdfFile("old-front.pdf"));
  await expect(page.getByText("アップロード済み：old-front.pdf")).toBeVisible();
  await uploadInto("本人確認書類（裏面）", pdfFile("old-back.pdf"));
  await expect(page.getByText("アップロード済み：old-back.pdf")).toBeVisible();
  await page.getByRole("radio", { name: "運転免許証" }).check();
  await fillCorporateProfile(page);
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page).toHaveURL(/\/mypage$/);

  runOperator("confirm-identity", String(userRow(email).id));
  runOperator("expire-identity", String(userRow(email).id));

  await open("/profile");
  await expect(page.getByTestId("identity-status")).toHaveText("期限切れ");
  await expect(page.getByText("本人確認書類の有効期限が切れています。")).toBeVisible();

  await uploadInto("本人確認書類（表面）", pngFile("new-front.png"));
  await expect(page.getByText("アップロード済み：new-front.png")).toBeVisible();
  await uploadInto("本人確認書類（裏面）", pngFile("new-back.png"));
  await expect(page.getByText("アップロード済み：new-back.png")).toBeVisible();
  await page.getByRole("radio", { name: "マイナンバーカード（個人番号カード）" }).check();
  await page.getByRole("button", { name: "本人確認書類を提出する" }).click();
  await expect(page.getByText("本人確認書類を提出しました。")).toBeVisible();
  await expect(page.getByTestId("identity-status")).toHaveText("確認中");
});
