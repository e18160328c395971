// ※必須 follows the chosen business type: 会社名・屋号 is required of a corporation
// (the server refuses it empty), optional for an individual; with JavaScript the mark follows the
// radio as it is changed, without it the business type the page was rendered with.

import { expect, test } from "./fixtures";

test("会社名・屋号 is marked ※必須 for a corporation, ※任意 for an individual", async ({
  page,
  javaScript,
  newUserOnProfilePage,
}) => {
  await newUserOnProfilePage("business-type");
  await expect(page.getByRole("radio", { name: "法人" })).toBeChecked();
  await expect(page.getByLabel("会社名・屋号 ※必須", { exact: true })).toBeVisible();

  // Refused empty for a corporation, as the mark said, and still marked so on the page that comes back.
  await page.getByLabel("会社名・屋号 ※必須", { exact: true }).fill("");
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page.getByLabel("会社名・屋号 ※必須", { exact: true })).toBeVisible();

  if (javaScript) {
    await page.getByRole("radio", { name: "個人事業主" }).check();
    await expect(page.getByLabel("屋号 ※任意", { exact: true })).toBeVisible();
    await page.getByRole("radio", { name: "法人" }).check();
    await expect(page.getByLabel("会社名・屋号 ※必須", { exact: true })).toBeVisible();
  }
});
