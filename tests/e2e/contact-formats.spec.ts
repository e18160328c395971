// Postcodes and phone numbers as people write them: 〒100-0005, 03(1234)5678 and
// +81 are accepted on the profile and saved in the usual form.

import { expect, test } from "./fixtures";
import { pdfFile } from "./files";
import { upstreamDatabase } from "./support";
import { fillCorporateProfile } from "./support-profile";

test("〒100-0005, 03(1234)5678 and +81 90 1234 5678 are accepted and saved", async ({
  page,
  uploadInto,
  newUserOnProfilePage,
}) => {
  const email = await newUserOnProfilePage("contact-formats");
  await uploadInto("本人確認書類（表面）", pdfFile("front.pdf"));
  await expect(page.getByText("アップロード済み：front.pdf")).toBeVisible();
  await uploadInto("本人確認書類（裏面）", pdfFile("back.pdf"));
  await expect(page.getByText("アップロード済み：back.pdf")).toBeVisible();
  await page.getByRole("radio", { name: "パスポート" }).check();
  await fillCorporateProfile(page);
  const office = page.getByRole("group", { name: "事業所の所在地・連絡先" });
  const owner = page.getByRole("group", { name: "代表者のご自宅・連絡先" });
  await office.getByLabel("郵便番号 ※必須").fill("〒100-0005");
  await office.getByLabel("電話番号 ※必須").fill("03(1234)5678");
  await owner.getByLabel("電話番号 ※必須").fill("+81 90 1234 5678");
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page).toHaveURL(/\/mypage$/);
  const db = upstreamDatabase();
  const row = db
    .prepare("SELECT office_zipcode, office_phone, owner_phone FROM users WHERE email = ?")
    .get(email);
  db.close();
  expect(row).toMatchObject({
    office_zipcode: "1000005",
    office_phone: "03-1234-5678",
    owner_phone: "090-1234-5678",
  });
});
