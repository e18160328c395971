// マイナンバーカード as the identity document (JavaScript on and off): its front only, since its back
// carries the 個人番号, which the privacy policy promises is never collected. Other documents keep
// their front and back.

import { expect, test } from "./fixtures";
import { pdfFile, pngFile } from "./files";
import { runOperator, userRow } from "./support-account";
import { fillCorporateProfile } from "./support-profile";

const CARD = "マイナンバーカード（個人番号カード）";
const FRONT_ONLY_LINE =
  "マイナンバーカードの場合は表面だけをお送りください。裏面には個人番号（マイナンバー）が記載されているため、送らないでください。";

test("the card asks its front alone, with a line beside the picker not to send the back; a licence keeps both", async ({
  page,
  open,
  uploadInto,
  newUserOnProfilePage,
}) => {
  const email = await newUserOnProfilePage("mynumber");
  const front = page.locator(".upload-slot").filter({ hasText: "本人確認書類（表面）" });
  await expect(front.getByText(FRONT_ONLY_LINE)).toBeVisible();
  await expect(page.getByLabel("本人確認書類（表面）", { exact: true })).toHaveAccessibleDescription(
    new RegExp(`^${FRONT_ONLY_LINE}`),
  );

  await page.getByRole("radio", { name: "運転免許証" }).check();
  await expect(page.getByLabel("本人確認書類（裏面）", { exact: true })).toBeVisible();
  await page.getByRole("radio", { name: CARD }).check();
  await expect(page.getByLabel("本人確認書類（裏面）", { exact: true })).toBeHidden();

  await uploadInto("本人確認書類（表面）", pngFile("card-front.png"));
  await expect(page.getByText("アップロード済み：card-front.png")).toBeVisible();
  // The page came back (without JavaScript, the slot posted the form): the card is still chosen, no back.
  await expect(page.getByRole("radio", { name: CARD })).toBeChecked();
  await expect(page.getByLabel("本人確認書類（裏面）", { exact: true })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath("card-front-only.png"), fullPage: true });

  await fillCorporateProfile(page);
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page).toHaveURL(/\/mypage$/);

  // Renewed on /profile after it expires: the card again with its front alone.
  runOperator("confirm-identity", String(userRow(email).id));
  runOperator("expire-identity", String(userRow(email).id));
  await open("/profile");
  await expect(page.getByRole("radio", { name: CARD })).toBeChecked();
  await expect(page.getByLabel("本人確認書類（裏面）", { exact: true })).toBeHidden();
  await uploadInto("本人確認書類（表面）", pdfFile("new-card-front.pdf"));
  await expect(page.getByText("アップロード済み：new-card-front.pdf")).toBeVisible();
  await page.getByRole("button", { name: "本人確認書類を提出する" }).click();
  await expect(page.getByText("本人確認書類を提出しました。")).toBeVisible();
  await expect(page.getByTestId("identity-status")).toHaveText("確認中");
});
